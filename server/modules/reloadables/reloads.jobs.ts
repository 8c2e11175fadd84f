import { z } from 'zod';
import type { AppContext } from '../../context';
import type { JobRegistry } from '../../jobs/registry';
import { executeRun, RUN_JOB } from './runs.execute';

const payloadSchema = z.object({ runId: z.uuid() });

/**
 * `reloads.run {runId}`: runs what is left of a run. Due at the run's scheduledAt by the business
 * clock (the runner's `now`); a run now has one too, as a rescue if its request died mid-run. A
 * run already finished or deleted makes it a no-op, so it is safe to run twice.
 */
export function registerReloadJobs(ctx: AppContext, registry: JobRegistry): void {
  registry.register(RUN_JOB, async (payload, job) => {
    const { runId } = payloadSchema.parse(payload);
    await executeRun(ctx, runId, job.signal);
  });
}
