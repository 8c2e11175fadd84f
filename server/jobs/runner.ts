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

/** How `stop()` ends the job under way. */
export interface StopOptions {
  /**
   * Give the running job back instead of waiting for it (a shutdown): its handler's `signal` aborts,
   * the handler gets `waitMs` to return, then the job is queued again for anyone at once, its
   * attempt not counted (it was not the job's failure). Without it, `stop()` waits for the job.
   */
  release?: boolean;
  /** how long a released job's handler may take to return before it is given back anyway (default 3 s) */
  waitMs?: number;
}

/** The reason a shutdown gives the running job's `signal` (an AbortError, as a lost lease's). */
export const SHUTDOWN_REASON = 'the instance is shutting down: the job is given back to the queue';
/** The `last_error` of a job a shutdown gave back. */
export const RELEASED_ERROR = 'released by a shutdown of its instance (not a failure: the attempt is not counted)';

/** The job under way: what `stop({ release })` needs to give it back. */
interface Running {
  id: string;
  name: string;
  since: Date;
  /** aborts the handler's signal with the shutdown's reason */
  shutdown: AbortController;
  /** ends the lease's renewals (set once the handler runs) */
  stopLease: (() => Promise<void>) | null;
  /** resolves once runOne is done with the job (outcome written, or given back) */
  settled: Promise<void>;
  /** `onJobEnd` was told */
  ended: boolean;
  /** the job was given back (by `stop`, or by runOne after its handler stopped): nothing more is written for it */
  released: boolean;
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
 * writing) and it writes no outcome over the new owner's. A shutdown (`stop({ release: true })`)
 * does not wait for a long job: it aborts the same `signal`, gives the handler a few seconds to
 * stop between its chunks, and puts the job back in the queue for another instance at once.
 */
export class JobRunner {
  readonly workerId = `worker-${crypto.randomUUID()}`;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private wakeRequested = false;
  /** set by `stop({ release: true })`: a job claimed from now on is given back at once, unrun */
  private releasing = false;
  private releaseStop: Promise<void> | null = null;
  private current: Running | null = null;
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
    this.releasing = false;
    this.releaseStop = null;
    this.schedule(0);
  }

  /**
   * Stops polling. By default waits for the job under way to finish. With `release` (a shutdown)
   * the job is given back instead: its `signal` aborts (an AbortError saying the instance is
   * shutting down), its handler gets `waitMs` to return, and the job is queued again for anyone at
   * once (`run_at` now, the attempt not counted, `last_error` saying so), only while it is still
   * this worker's (`locked_by`). A handler that ignores its signal does not hold the stop longer:
   * the job is given back all the same and whatever that handler does afterwards writes no outcome
   * (a handler's chunks are transactions of their own, and a run resumes from what was committed).
   */
  async stop(options: StopOptions = {}): Promise<void> {
    // a shutdown already gave the job back: a handler that ignored its signal is not waited for (app.close() stops the runner again)
    if (this.releaseStop) return this.releaseStop;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!options.release) {
      await this.loop;
      return;
    }
    this.releaseStop = this.stopReleasing(options.waitMs ?? 3000);
    return this.releaseStop;
  }

  private async stopReleasing(waitMs: number): Promise<void> {
    this.releasing = true;
    const job = this.current;
    if (job) job.shutdown.abort(new DOMException(SHUTDOWN_REASON, 'AbortError'));
    // the polling loop, and a job run by `drain()` or `runOne()` outside it
    const under = [this.loop, job?.settled].filter((p): p is Promise<void> => p !== null && p !== undefined);
    if (under.length === 0) return;
    let bound: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.all(under).then(() => false),
      new Promise<boolean>((resolve) => {
        bound = setTimeout(() => resolve(true), waitMs);
        bound.unref();
      }),
    ]);
    clearTimeout(bound);
    if (!timedOut) return;
    // the handler did not return in time (or the loop hangs): give the job back without it
    const stuck = this.current;
    if (stuck && !stuck.released) {
      this.log.warn({ jobId: stuck.id, job: stuck.name }, 'job handler did not stop in time: giving its job back anyway');
      await this.release(stuck);
    }
  }

  /** Queues a job this worker holds again for anyone at once, its attempt not counted (a shutdown, not the job's failure). */
  private async release(job: Running): Promise<void> {
    if (job.released) return;
    job.released = true;
    await job.stopLease?.();
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`
      UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(),
        locked_at = NULL, locked_by = NULL, last_error = ${RELEASED_ERROR}
      WHERE id = ${job.id} AND locked_by = ${this.workerId} AND status = 'running'
      RETURNING id`,
    );
    this.log.info({ jobId: job.id, job: job.name, released: rows.length === 1 }, rows.length === 1 ? 'job given back to the queue (shutdown)' : 'job not given back: no longer this worker\'s');
    this.ended(job, 'lost');
  }

  /** A job's end, told once: `activeJob` cleared, `onJobEnd` called (a job given back by a shutdown counts as 'lost': this runner did not finish it). */
  private ended(job: Running, outcome: 'done' | 'retry' | 'failed' | 'lost'): void {
    if (job.ended) return;
    job.ended = true;
    if (this.activeJob?.since === job.since) this.activeJob = null;
    try {
      this.onJobEnd?.(job.name, outcome, (Date.now() - job.since.getTime()) / 1000);
    } catch (err) {
      this.log.error({ err: loggableError(err) }, 'onJobEnd failed');
    }
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
    const since = new Date();
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const running: Running = { id: job.id, name: job.name, since, shutdown: new AbortController(), stopLease: null, settled, ended: false, released: false };
    this.current = running;
    this.activeJob = { id: job.id, name: job.name, since };
    try {
      // claimed while a shutdown began: given back unrun (and nothing more is claimed)
      if (this.releasing) {
        await this.release(running);
        return false;
      }
      await this.runClaimed(job, running, log);
    } finally {
      if (this.current === running) this.current = null;
      if (this.activeJob?.since === since) this.activeJob = null;
      settle();
    }
    return true;
  }

  private async runClaimed(job: ClaimedJob, running: Running, log: FastifyBaseLogger): Promise<void> {
    const lease = this.renewLease(job.id, log);
    running.stopLease = () => lease.stop();
    // the handler's signal: the lease lost, or the instance shutting down
    const signal = AbortSignal.any([lease.signal, running.shutdown.signal]);
    try {
      try {
        const handler = this.registry.get(job.name);
        if (!handler) throw new Error(`no handler registered for job "${job.name}"`);
        // the job's changes are its own in the audit trail (lib/audit-context.ts), whoever queued it
        await runWithAuditContext(jobAuditContext(job.name), () =>
          handler(job.payload, { jobId: job.id, attempt: job.attempts, lastAttempt: job.attempts >= job.max_attempts, log, signal }),
        );
      } finally {
        await lease.stop();
      }
      // another runner owns the job now: its outcome is not ours to write (nor is it, by `locked_by`)
      if (lease.signal.aborted) {
        this.ended(running, 'lost');
        return;
      }
      // given back by a stop that did not wait for this handler any longer
      if (running.released) return;
      // a handler that finished its work although the shutdown asked it to stop: its outcome stands
      await this.db.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, locked_by = NULL, last_error = NULL
        WHERE id = ${job.id} AND locked_by = ${this.workerId}`);
      this.ended(running, 'done');
    } catch (err) {
      if (lease.signal.aborted) {
        log.info({ err: loggableError(err) }, 'job stopped: its lease was lost');
        this.ended(running, 'lost');
        return;
      }
      if (running.released) return;
      if (running.shutdown.signal.aborted) {
        // stopped for the shutdown (whatever it threw on its way out): not the job's failure
        log.info({ reason: err instanceof Error ? err.message : String(err) }, 'job stopped: the instance is shutting down');
        await this.release(running);
        return;
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
      this.ended(running, final ? 'failed' : 'retry');
    }
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
