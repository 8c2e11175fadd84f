import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client';
import { jobAuditContext, runWithAuditContext } from '../lib/audit-context';
import { loggableError, storableMessage } from '../lib/pg-errors';
import type { JobRegistry } from './registry';

export interface RunnerOptions {
  pollIntervalMs: number;
  /**
   * a running job whose lock was not renewed for this long is abandoned (its worker died) and is
   * taken over; a live worker renews it every `heartbeatMs`
   */
  staleAfterSeconds: number;
  /** how often a running job's lock is renewed (default a third of the stale delay: one failed renewal, a database hiccup, does not lose the lease) */
  heartbeatMs?: number;
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
 * no job is claimed twice. While a handler runs, its lock is renewed (a lease: `locked_at` moves
 * every `heartbeatMs`), so however long a job takes nobody else runs it. Delivery is
 * at-least-once: a worker that dies mid-job stops renewing, and another runner re-queues the job
 * once its lock is `staleAfterSeconds` old. A worker that was only stalled that long finds at its
 * next renewal that the job is no longer its own: its handler's `signal` aborts (the handler stops
 * writing) and it writes no outcome over the new owner's.
 */
export class JobRunner {
  readonly workerId = `worker-${crypto.randomUUID()}`;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private wakeRequested = false;
  /** when the runner last finished looking for due jobs (readiness: a runner that stopped polling is not alive) */
  lastPolledAt: Date | null = null;
  /** the job this runner is running now, if any (readiness: a runner busy with a long job is alive) */
  activeJob: { id: string; name: string; since: Date } | null = null;
  /** told of every job this runner ends (metrics): its kind, how it ended, how long it ran */
  onJobEnd: ((name: string, outcome: 'done' | 'retry' | 'failed' | 'lost', seconds: number) => void) | null = null;
  /** false once stopped (or before start) */
  get started(): boolean {
    return this.running;
  }

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
      this.lastPolledAt = new Date();
    } catch (err) {
      this.log.error({ err: loggableError(err) }, 'job runner poll failed');
    }
  }

  /** Re-queues jobs whose lock was not renewed for `staleAfterSeconds`: their worker died (or stalled that long). */
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
    const lease = this.renewLease(job.id, log);
    try {
      try {
        const handler = this.registry.get(job.name);
        if (!handler) throw new Error(`no handler registered for job "${job.name}"`);
        // the job's changes are its own in the audit trail (lib/audit-context.ts), whoever queued it
        await runWithAuditContext(jobAuditContext(job.name), () =>
          handler(job.payload, { jobId: job.id, attempt: job.attempts, lastAttempt: job.attempts >= job.max_attempts, log, signal: lease.signal }),
        );
      } finally {
        await lease.stop();
      }
      // another runner owns the job now: its outcome is not ours to write (nor is it, by `locked_by`)
      if (lease.signal.aborted) return true;
      await this.db.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, locked_by = NULL, last_error = NULL
        WHERE id = ${job.id} AND locked_by = ${this.workerId}`);
    } catch (err) {
      if (lease.signal.aborted) {
        log.info({ err }, 'job stopped: its lease was lost');
        return true;
      }
      const message = storableMessage(err);
      const final = job.attempts >= job.max_attempts;
      const delayMs = Math.min(3_600_000, (this.options.backoffBaseMs ?? 5000) * 2 ** (job.attempts - 1));
      log.warn({ err: loggableError(err), attempt: job.attempts, final }, 'job failed');
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

  /**
   * Renews the claimed job's lock every `heartbeatMs` while its handler runs. When a renewal
   * finds the job no longer locked by this runner (it was re-queued as stale, maybe claimed by
   * another), the lease is lost for good: `signal` aborts and renewals end. A renewal's own error
   * (database unreachable) is only logged: the next one may succeed before the lock goes stale.
   * `stop()` clears the timer and waits for a renewal under way, so nothing runs after it.
   */
  private renewLease(jobId: string, log: FastifyBaseLogger): { signal: AbortSignal; stop(): Promise<void> } {
    const every = this.options.heartbeatMs ?? (this.options.staleAfterSeconds * 1000) / 3;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let renewal: Promise<void> | null = null;
    let stopped = false;
    const renew = async () => {
      try {
        const renewed = await queryRows<{ id: string }>(
          this.db,
          sql`UPDATE jobs SET locked_at = now() WHERE id = ${jobId} AND locked_by = ${this.workerId} AND status = 'running' RETURNING id`,
        );
        if (renewed.length === 0) {
          log.warn('job lease lost: the job was taken over after its lock went stale; stopping it');
          controller.abort(new DOMException('job lease lost: the job was taken over by another worker', 'AbortError'));
        }
      } catch (err) {
        log.error({ err: loggableError(err) }, 'job lease renewal failed');
      }
    };
    // one renewal at a time, the next scheduled when the last has ended (a slow database never piles them up)
    const next = () => {
      timer = setTimeout(() => {
        timer = null;
        renewal = renew().finally(() => {
          renewal = null;
          if (!stopped && !controller.signal.aborted) next();
        });
      }, every);
    };
    next();
    return {
      signal: controller.signal,
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
        timer = null;
        await renewal;
      },
    };
  }
}
