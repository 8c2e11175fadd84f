import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { batchActionAllowed, type Batch } from '../../../domain/catalog';
import { actionErrorText } from '../../components/actionErrorText';
import { saveBlob } from '../../components/saveBlob';
import { useBusyRun } from '../../components/useBusyRun';
import { useNotifyError } from '../../components/useNotifyError';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { ActivationDialog } from './ActivationDialog';
import { useBatchRight } from './useBatchRights';

const FAILED = 'batches.messages.actionFailed';

export const archiveFileName = (batch: Pick<Batch, 'lotNumber'>) => `batch-${batch.lotNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/**
 * The batch's actions, each offered only when its state allows it (domain/catalog.ts
 * batchActionAllowed, which the API enforces) and the user may use it: activate and deactivate
 * the cards (confirmed, with an Idempotency-Key), make the PDF archive, download it once made.
 * Each answers with a translated success or error text.
 */
export function BatchActions({ batch, onChanged }: { batch: Batch; onChanged: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const rights = {
    activate: useBatchRight('activate'),
    deactivate: useBatchRight('deactivate'),
    archive: useBatchRight('archive'),
    download: useBatchRight('download'),
  };
  const [dialog, setDialog] = useState<'activate' | 'deactivate' | null>(null);
  const { busy, run } = useBusyRun<'archive' | 'download'>();
  const fail = useNotifyError();
  const archiving = batch.archiveStatus === 'PENDING' || batch.archiveStatus === 'IN_PROGRESS';
  const can = {
    activate: rights.activate && batchActionAllowed('activate', batch),
    deactivate: rights.deactivate && batchActionAllowed('deactivate', batch),
    archive: rights.archive && !archiving && batchActionAllowed('archive', batch),
    download: rights.download && batch.archiveStatus === 'COMPLETED',
  };

  const requestArchive = () =>
    run(() => dataProvider.requestBatchArchive(batch.id), { key: 'archive', done: 'batches.messages.archiveRequested', failure: FAILED }).then((ok) => ok && onChanged());
  const download = () =>
    run(async () => saveBlob(await dataProvider.downloadBatchArchive(batch.id), archiveFileName(batch)), { key: 'download', done: 'batches.messages.downloaded', failure: 'batches.messages.downloadFailed' });
  const spinner = (what: 'archive' | 'download') => (busy === what ? <CircularProgress size={16} color="inherit" /> : undefined);
  const none = !Object.values(can).some(Boolean);
  if (none && !Object.values(rights).some(Boolean)) return null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="batch-actions-title">
      <Typography id="batch-actions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('batches.detail.actions')}
      </Typography>
      {none ? (
        <Typography variant="body2" color="text.secondary" data-testid="batch-no-actions">
          {translate('batches.detail.noActions')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {can.activate && (
            <Button variant="contained" onClick={() => setDialog('activate')}>
              {translate('batches.actions.activate')}
            </Button>
          )}
          {can.deactivate && (
            <Button variant="outlined" onClick={() => setDialog('deactivate')}>
              {translate('batches.actions.deactivate')}
            </Button>
          )}
          {can.archive && (
            <Button variant="outlined" onClick={() => void requestArchive()} disabled={busy !== null} startIcon={spinner('archive') ?? <PictureAsPdfIcon />}>
              {translate(batch.archiveStatus ? 'batches.actions.archiveAgain' : 'batches.actions.archive')}
            </Button>
          )}
          {can.download && (
            <Button variant="contained" onClick={() => void download()} disabled={busy !== null} startIcon={spinner('download') ?? <DownloadIcon />}>
              {translate('batches.actions.download')}
            </Button>
          )}
        </Box>
      )}
      {dialog && (
        <ActivationDialog
          batch={batch}
          mode={dialog}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onChanged();
          }}
          onError={(error) => fail(error, actionErrorText(error, FAILED))}
        />
      )}
    </Paper>
  );
}
