import { isBatchBusy, type Batch } from '../../../domain/catalog';

/** A job works on the batch: its cards are being made, activated or deactivated, or its PDF archive drawn. */
export const isBatchWorking = (batch: Batch | undefined) =>
  Boolean(batch && (isBatchBusy(batch.status) || batch.archiveStatus === 'PENDING' || batch.archiveStatus === 'IN_PROGRESS'));
