import type { AppContext } from '../../context';
import type { JobRegistry } from '../../jobs/registry';
import { pgErrorCode } from '../../lib/pg-errors';
import { activationStates, runBatchActivation, type ActivationPayload } from './activation';
import { makeArchive } from './archive';
import { markArchiveError, markBatchError } from './batches.repository';
import { generateBatchCards } from './generate';
import { JOB_ACTIVATION, JOB_ARCHIVE, JOB_GENERATE } from './service';

/**
 * The reason shown on the batch: a system or database error's code (EEXIST, 23505…), never its
 * text (it may name server paths or SQL); our own errors' short message otherwise.
 */
function reason(error: unknown): string {
  const sqlState = pgErrorCode(error);
  if (sqlState) return `SQLSTATE ${sqlState}`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code)) return code;
  if (!(error instanceof Error) || error.message.startsWith('Failed query')) return 'INTERNAL_ERROR';
  return error.message.slice(0, 200);
}

/**
 * The batch jobs. Each is safe to run again (it continues from what was committed); when the
 * last attempt fails the batch shows the ERROR state of that work with the reason. Generation and
 * the archive and activation stop between steps when the job's lease is lost (`signal`): another worker has the
 * job, so this one writes nothing more, not even the ERROR state.
 */
export function registerCatalogJobs(ctx: AppContext, registry: JobRegistry): void {
  registry.register(JOB_GENERATE, async (payload, job) => {
    const { batchId } = payload as { batchId: string };
    try {
      await generateBatchCards(ctx.db, batchId, { signal: job.signal });
    } catch (error) {
      if (job.lastAttempt && !job.signal.aborted) await markBatchError(ctx.db, batchId, 'ERROR', reason(error));
      throw error;
    }
  });
  registry.register(JOB_ARCHIVE, async (payload, job) => {
    const { batchId, language } = payload as { batchId: string; language?: string };
    try {
      await makeArchive(ctx.db, ctx.files, batchId, language ?? 'it', job.signal);
    } catch (error) {
      if (job.lastAttempt && !job.signal.aborted) await markArchiveError(ctx.db, batchId, reason(error));
      throw error;
    }
  });
  registry.register(JOB_ACTIVATION, async (payload, job) => {
    const work = payload as ActivationPayload;
    try {
      await runBatchActivation(ctx.db, work, ctx.config.giftCards.maxTransactionCents, job.signal);
    } catch (error) {
      if (job.lastAttempt && !job.signal.aborted) await markBatchError(ctx.db, work.batchId, activationStates(work.mode).error, reason(error));
      throw error;
    }
  });
}
