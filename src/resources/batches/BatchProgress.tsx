import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { archiveProgress, batchProgress, type Batch } from '../../../domain/catalog';
import { ProgressBar } from '../../components/ProgressBar';

function Bar({ label, percent, done, total, testId }: { label: string; percent: number; done: number; total: number; testId: string }) {
  const translate = useTranslate();
  return <ProgressBar testId={testId} label={label} percent={percent} count={translate('batches.detail.cards', { smart_count: total, done: Math.min(done, total), total })} />;
}

/**
 * What a job is doing to the batch now, as determinate bars (issue 9: a bar that advances, not a
 * spinner): the cards being generated, activated or deactivated, and the PDF archive being drawn.
 * Nothing when the batch is idle.
 */
export function BatchProgress({ batch }: { batch: Batch }) {
  const translate = useTranslate();
  const work = batchProgress(batch);
  const archive = archiveProgress(batch);
  if (work === null && archive === null) return null;
  const generating = batch.status === 'PENDING' || batch.status === 'IN_PROGRESS';
  const label = generating ? 'batches.detail.generating' : batch.status.endsWith('ACTIVATION') ? 'batches.detail.activating' : 'batches.detail.deactivating';
  return (
    <Box>
      {work !== null && (
        <Bar testId="batch-progress" label={translate(label)} percent={work} done={generating ? batch.generatedCount : batch.activationCount} total={batch.quantity} />
      )}
      {archive !== null && <Bar testId="archive-progress" label={translate('batches.detail.archiving')} percent={archive} done={batch.archiveCount} total={batch.quantity} />}
    </Box>
  );
}
