import { Box, Paper, Typography } from '@mui/material';
import { Labeled, Loading, RecordContextProvider, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { readRefusalSummary, type Batch } from '../../../domain/catalog';
import { batchFields } from '../../../domain/schemas/batch';
import { useFormatCents } from '../../components/MoneyField';
import { BackLink, RecordLoadError, SchemaShowFields } from '../../components/schema';
import { hasTranslation } from '../../i18n/i18n';
import { PageHeading } from '../../components/PageHeading';
import { BatchActions } from './BatchActions';
import { batchCells } from './BatchCells';
import { BatchProgress } from './BatchProgress';
import { isBatchWorking } from './isBatchWorking';
import { BATCHES } from './useBatchRights';

/** While a job works on the batch (generation, activation, archive) the page asks again this often. */
export const BATCH_POLL_MS = 1000;


/**
 * Why the last job failed, in the user's language: the API keeps an error code or a summary of
 * refused cards (domain/catalog.ts `refusalSummary`, read back by `readRefusalSummary`); only codes
 * the catalogue knows are shown (never raw text).
 */
function useErrorReason() {
  const translate = useTranslate();
  return (message: string | null): string | null => {
    const parts = message ? readRefusalSummary(message) : null;
    if (!parts || !parts.every(({ code }) => hasTranslation(`errors.codes.${code}`))) return null;
    return parts.map(({ code, count }) => (count === null ? translate(`errors.codes.${code}`) : `${count} × ${translate(`errors.codes.${code}`)}`)).join(' ');
  };
}

const COLUMNS = { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' };

function BatchDetail({ batch, refetch }: { batch: Batch; refetch: () => void }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const reason = useErrorReason()(batch.status.startsWith('ERROR') || batch.archiveStatus === 'ERROR' ? batch.errorMessage : null);
  return (
    <RecordContextProvider value={batch}>
      <PageHeading title={translate('batches.detail.title', { lot: batch.lotNumber })} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <BatchProgress batch={batch} />
        {/* two columns already on phones: the batch's short values fit, and the page stays short */}
        <Box sx={{ '& > .MuiBox-root': { gridTemplateColumns: COLUMNS } }}>
          <SchemaShowFields fields={batchFields} render={batchCells} />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: COLUMNS, gap: 2, mt: 2 }}>
          <Labeled label="batches.fields.value">
            <Typography variant="body2">{batch.valueCents === null ? translate('batches.fields.variableValue') : formatCents(batch.valueCents)}</Typography>
          </Labeled>
          <Labeled label="batches.fields.activated">
            <Typography variant="body2">{translate(batch.activated ? 'batches.detail.activeYes' : 'batches.detail.activeNo')}</Typography>
          </Labeled>
          {reason && (
            <Labeled label="batches.fields.errorMessage">
              <Typography variant="body2" color="error">
                {reason}
              </Typography>
            </Labeled>
          )}
        </Box>
      </Paper>
      <BatchActions batch={batch} onChanged={refetch} />
    </RecordContextProvider>
  );
}

/**
 * /privative/batches/{id}: the batch's SPEC §3 fields and §4 states, the progress of the job
 * working on it (asked again every second while one runs, so the bar advances), and the actions
 * its state and the user's rights allow: activate, deactivate, make and download the PDF archive.
 */
export default function BatchShow() {
  const { id = '' } = useParams();
  const { data, error, isPending, refetch } = useGetOne<Batch>(
    BATCHES,
    { id },
    { refetchInterval: (query) => (isBatchWorking(query.state.data) ? BATCH_POLL_MS : false) },
  );
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <BackLink resource={BATCHES} label="batches.actions.backToList" />
      {error && !data ? (
        <RecordLoadError error={error} refetch={refetch} title="batches.notFound.title" message="batches.notFound.message" />
      ) : isPending || !data ? (
        <Loading />
      ) : (
        <BatchDetail batch={data} refetch={() => void refetch()} />
      )}
    </Box>
  );
}
