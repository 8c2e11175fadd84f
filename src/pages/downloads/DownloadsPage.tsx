import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { useReportDownload } from './useReportDownload';

/** The download types this page knows; each maps to a fetcher. */
const DOWNLOAD_TYPES = ['report'] as const;

function ReportDownload({ id }: { id: string }) {
  const translate = useTranslate();
  const { state, retry } = useReportDownload(id);
  if (state.status === 'loading') {
    return (
      <Stack direction="row" spacing={2} alignItems="center">
        <CircularProgress size={24} />
        <Typography>{translate('downloads.downloading')}</Typography>
      </Stack>
    );
  }
  return (
    <Box>
      {state.status === 'done' ? (
        <Alert severity="success">{translate('downloads.done', { fileName: state.fileName })}</Alert>
      ) : (
        <Alert severity="error" title={translate('downloads.error')}>
          <strong>{translate('downloads.error')}</strong> {state.message}
        </Alert>
      )}
      <Button variant="outlined" startIcon={<DownloadIcon />} sx={{ mt: 2 }} onClick={retry}>
        {translate('downloads.again')}
      </Button>
    </Box>
  );
}

/** /downloads?type=report&id=…: a link target (e.g. from an e-mail) that saves a file. */
export default function DownloadsPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const type = params.get('type');
  const id = params.get('id');

  let content;
  if (!type || !(DOWNLOAD_TYPES as readonly string[]).includes(type)) content = <Alert severity="warning">{translate('downloads.unknownType')}</Alert>;
  else if (!id) content = <Alert severity="warning">{translate('downloads.missingId')}</Alert>;
  else content = <ReportDownload key={id} id={id} />;

  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title={translate('downloads.title')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        {content}
      </Paper>
    </Box>
  );
}
