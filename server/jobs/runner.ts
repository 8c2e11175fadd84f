import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client';
import type { JobRegistry } from './registry';

export interface RunnerOptions {
  pollIntervalMs: number;
  /** a running job whose lock is older than this is considered abandoned (crashed worker) */
  staleAfterSeconds: number;
  /** delay before retry n (1-based): exponential from this base, capped at an hour */
  backoffBaseMs?: number;
  /** business time: a job is due when its run_at is not after this (default the system clock) */
  now?: () => Date;
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * Polls the jobs table and runs due jobs one at a time. Claiming is one UPDATE over a
 * `FOR UPDATE SKIP LOCKED` sub-select, so any number of runners (instances) share the queue and
 * no job is claimed twice. Delivery is at-least-once: a worker that dies mid-job leaves a stale
 * lock that another runner re-queues after `staleAfterSeconds`.
 */
export class JobRunner {
  readonly workerId = `worker-${crypto.randomUUID()}`;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private wakeRequested = false;

  constructor(
    private readonly db: Db,
    private readonly registry: JobRegistry,
    private readonly log: FastifyBaseLogger,
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
  }

  /**
   * Jobs due by now: the database's clock, or the app's business clock when one is given. Retries
   * are scheduled from the same clock, as recurring jobs schedule their successors (cleanup), so a
   * clock moved forward (tests) never makes a job due again at once, in a loop.
   */
  private dueBefore() {
    return this.options.now ? sql`${this.options.now().toISOString()}::timestamptz` : sql`now()`;
  }

  /** Look for work now (a job was just committed in this process). */
  wake(): void {
    if (!this.running) return;
    if (this.loop) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /** Runs every due job until none is left (tests and one-off scripts). Returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    await this.recoverStale();
    while (await this.runOne()) count += 1;
    return count;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.loop = this.tick().finally(() => {
        this.loop = null;
        if (!this.running) return;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollIntervalMs);
      });
    }, delayMs);
  }

  private async tick(): Promise<void> {
    try {
      await this.recoverStale();
      while (this.running && (await this.runOne())) {
        // keep draining while there is due work
      }
    } catch (err) {
      this.log.error({ err }, 'job runner poll failed');
    }
  }

  private async recoverStale(): Promise<void> {
    await this.db.execute(sql`
      UPDATE jobs SET
        status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
        last_error = 'lock expired (worker stopped while running the job)',
        locked_at = NULL, locked_by = NULL, run_at = now()
      WHERE status = 'running' AND locked_at < now() - make_interval(secs => ${this.options.staleAfterSeconds})`);
  }

  /** Claims and runs one due job. False when nothing was due. */
  async runOne(): Promise<boolean> {
    const [job] = await queryRows<ClaimedJob>(
      this.db,
      sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${this.workerId}
      WHERE id = (
        SELECT id FROM jobs WHERE status = 'queued' AND run_at <= ${this.dueBefore()}
        ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload, attempts, max_attempts`,
    );
    if (!job) return false;
    const log = this.log.child({ jobId: job.id, job: job.name });
    try {
      const handler = this.registry.get(job.name);
      if (!handler) throw new Error(`no handler registered for job "${job.name}"`);
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, lastAttempt: job.attempts >= job.max_attempts, log });
      await this.db.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, locked_by = NULL, last_error = NULL
        WHERE id = ${job.id} AND locked_by = ${this.workerId}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.max_attempts;
      const delayMs = Math.min(3_600_000, (this.options.backoffBaseMs ?? 5000) * 2 ** (job.attempts - 1));
      log.warn({ err, attempt: job.attempts, final }, 'job failed');
      await this.db.execute(sql`
        UPDATE jobs SET
          status = ${final ? 'failed' : 'queued'},
          finished_at = ${final ? sql`now()` : sql`NULL`},
          run_at = ${this.dueBefore()} + make_interval(secs => ${delayMs / 1000}),
          last_error = ${message.slice(0, 2000)}, locked_at = NULL, locked_by = NULL
        WHERE id = ${job.id} AND locked_by = ${this.workerId}`);
    }
    return true;
  }
}
