import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Button, Collapse, Stack } from '@mui/material';
import { useState, type ErrorInfo } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { MessagePage } from './MessagePage';
import { useDocumentTitle } from '../components/useDocumentTitle';

/**
 * The general error page of an unhandled render error (react-admin's `error` slot). Going to /
 * changes the location, which resets react-admin's error boundary.
 */
export function ErrorPage({ error, errorInfo }: { error?: unknown; errorInfo?: ErrorInfo }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [showDetails, setShowDetails] = useState(false);
  useDocumentTitle(translate('pages.error.title'));
  const details = [error instanceof Error ? (error.stack ?? error.message) : String(error ?? ''), errorInfo?.componentStack ?? '']
    .filter(Boolean)
    .join('\n');

  return (
    <MessagePage icon={<ErrorOutlineIcon />} title={translate('pages.error.title')} message={translate('pages.error.message')}>
      <Stack direction="row" spacing={2} justifyContent="center">
        <Button variant="contained" onClick={() => navigate('/')}>
          {translate('pages.error.reset')}
        </Button>
        <Button variant="outlined" aria-expanded={showDetails} onClick={() => setShowDetails((shown) => !shown)}>
          {translate(showDetails ? 'pages.error.hideDetails' : 'pages.error.showDetails')}
        </Button>
      </Stack>
      <Collapse in={showDetails}>
        {/* it scrolls: a keyboard reaches it (axe scrollable-region-focusable) */}
        <Box component="pre" tabIndex={0} aria-label={translate('pages.error.showDetails')} sx={{ mt: 3, p: 2, textAlign: 'left', fontSize: 12, overflow: 'auto', maxHeight: 320, bgcolor: 'grey.100', borderRadius: 1 }}>
          {details}
        </Box>
      </Collapse>
    </MessagePage>
  );
}
