import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

export function LoadingPage() {
  const translate = useTranslate();
  return (
    <Box role="progressbar" aria-label={translate('app.loading')} sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <CircularProgress />
    </Box>
  );
}
