import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobAuditContext, runWithAuditContext } from '../db/audit-context';
import { loggableError, storableMessage } from '../lib/pg-errors';
import { QUEUE_NAMES, QUEUES, UNHANDLED_KINDS_QUEUE, type QueueName } from '../queues';
import { FailNow, RetryLater, type JobRegistry } from './registry';
import { claimDueJobs, claimOldestDueJob, markJobDone, markJobFailed, releaseJob, renewJobLock, requeueStale, type ClaimedJob } from './repository';

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
  /**
   * jobs of each queue this runner runs at once (config.jobs.concurrency, JOBS_CONCURRENCY_<QUEUE>;
   * default each queue's own, server/queues.ts). Every running job may hold a database connection.
   */
  concurrency?: Partial<Record<QueueName, number>>;
  /**
   * the connections of the database pool the jobs share with the requests (DB_POOL_MAX; none on
   * PGlite): a start warns when the queues' concurrencies leave fewer than two of them to the rest
   */
  poolMax?: number;
}

/** How `stop()` ends the jobs under way. */
export interface StopOptions {
  /**
   * Give the running jobs back instead of waiting for them (a shutdown): their handlers' `signal`
   * aborts, the handlers get `waitMs` to return, then each job is queued again for anyone at once,
   * its attempt not counted (it was not the job's failure). Without it, `stop()` waits for the jobs.
   */
  release?: boolean;
  /** how long a released job's handler may take to return before it is given back anyway (default 3 s) */
  waitMs?: number;
}

/** The reason a shutdown gives each running job's `signal` (an AbortError, as a lost lease's). */
export const SHUTDOWN_REASON = 'the instance is shutting down: the job is given back to the queue';
/** The `last_error` of a job a shutdown gave back. */
export const RELEASED_ERROR = 'released by a shutdown of its instance (not a failure: the attempt is not counted)';

/** A job under way, as readiness and diagnostics see it. */
export interface ActiveJob {
  id: string;
  name: string;
  queue: QueueName;
  since: Date;
}

/** A job under way: what `stop({ release })` needs to give it back. */
interface Running {
  id: string;
  name: string;
  queue: QueueName;
  since: Date;
  /** aborts the handler's signal with the shutdown's reason */
  shutdown: AbortController;
  /** ends the lease's renewals (set once the handler runs) */
  stopLease: (() => Promise<void>) | null;
  /** resolves once the runner is done with the job (outcome written, or given back) and its handler returned */
  settled: Promise<void>;
  /** `onJobEnd` was told */
  ended: boolean;
  /** the job was given back (by `stop`, or by runOne after its handler stopped): nothing more is written for it */
  released: boolean;
}


/**
 * Polls the jobs table and runs due jobs, each queue apart (server/queues.ts): up to its concurrency
 * jobs of a queue at once, so a slow or stuck job (a stalled SMTP server holding `square.mail`)
 * delays only its own queue, never a square order, a report or a batch. Each poll claims, for every
 * queue with a free slot, up to that many due jobs of its kinds, all in one UPDATE over
 * `FOR UPDATE SKIP LOCKED` sub-selects (one per queue, side by side): any number of runners
 * (instances) share the queues, no job is claimed twice, and each instance runs at most its
 * concurrency of each queue. A job that ends frees its slot and wakes the runner to look again.
 * While a handler runs, its lock is renewed (a lease: `locked_at` moves every `heartbeatMs`), so
 * however long a job takes nobody else runs it. Delivery is at-least-once: a worker that dies
 * mid-job stops renewing, and another runner re-queues the job once its lock is
 * `staleAfterSeconds` old. A worker that was only stalled that long finds at its next renewal that
 * the job is no longer its own: its handler's `signal` aborts (the handler stops writing) and it
 * writes no outcome over the new owner's. A shutdown (`stop({ release: true })`) does not wait for
 * long jobs: it aborts every running job's `signal`, gives the handlers a few seconds to stop
 * between their chunks, and puts the jobs back in the queue for another instance at once.
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
  /** every job under way (the polling loop's and `runOne()`'s), until its handler has returned: the slots taken */
  private readonly underWay = new Set<Running>();
  /** jobs of each queue run at once */
  readonly concurrency: Readonly<Record<QueueName, number>>;
  /** when the runner last finished looking for due jobs (readiness: a runner that stopped polling is not alive) */
  lastPolledAt: Date | null = null;
  /** told of every job this runner ends (metrics): its kind, how it ended, how long it ran */
  onJobEnd: ((name: string, outcome: 'done' | 'retry' | 'failed' | 'lost', seconds: number) => void) | null = null;
  /** false once stopped (or before start) */
  get started(): boolean {
    return this.running;
  }
  /** the jobs this runner is running now, oldest first (a job leaves it when it ends: done, failed, retried, lost or given back) */
  get activeJobs(): ActiveJob[] {
    return [...this.underWay].filter((job) => !job.ended).map(({ id, name, queue, since }) => ({ id, name, queue, since }));
  }

  constructor(
    private readonly db: Db,
    private readonly registry: JobRegistry,
    private readonly log: FastifyBaseLogger,
    private readonly options: RunnerOptions,
  ) {
    this.concurrency = Object.fromEntries(
      QUEUE_NAMES.map((queue) => [queue, Math.max(1, Math.floor(options.concurrency?.[queue] ?? QUEUES[queue].concurrency))]),
    ) as Record<QueueName, number>;
  }

  start(): void {
    if (this.running) return;
    const slots = QUEUE_NAMES.reduce((sum, queue) => sum + this.concurrency[queue], 0);
    if (this.options.poolMax !== undefined && slots > this.options.poolMax - 2) {
      this.log.warn(
        { concurrency: this.concurrency, slots, poolMax: this.options.poolMax },
        'the job queues may run more jobs at once than the database pool leaves room for (JOBS_CONCURRENCY_* add up past DB_POOL_MAX - 2): requests may wait for a connection',
      );
    }
    this.running = true;
    this.releasing = false;
    this.releaseStop = null;
    this.schedule(0);
  }

  /**
   * Stops polling. By default waits for the jobs under way to finish. With `release` (a shutdown)
   * they are given back instead: their `signal` aborts (an AbortError saying the instance is
   * shutting down), their handlers get `waitMs` to return, and each job is queued again for anyone
   * at once (`run_at` now, the attempt not counted, `last_error` saying so), only while it is still
   * this worker's (`locked_by`). A handler that ignores its signal does not hold the stop longer:
   * its job is given back all the same and whatever that handler does afterwards writes no outcome
   * (a handler's chunks are transactions of their own, and a run resumes from what was committed).
   */
  async stop(options: StopOptions = {}): Promise<void> {
    // a shutdown already gave the jobs back: a handler that ignored its signal is not waited for (app.close() stops the runner again)
    if (this.releaseStop) return this.releaseStop;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!options.release) {
      await this.allSettled();
      return;
    }
    this.releaseStop = this.stopReleasing(options.waitMs ?? 3000);
    return this.releaseStop;
  }

  /** The polling loop's end, then every job under way (a poll that ends may just have started some). */
  private async allSettled(): Promise<void> {
    await this.loop;
    while (this.underWay.size > 0) await Promise.all([...this.underWay].map((job) => job.settled));
  }

  private async stopReleasing(waitMs: number): Promise<void> {
    this.releasing = true;
    // the jobs under way, the polling loop's and those of `drain()` or `runOne()` outside it; a job
    // the loop claims from now on is given back unrun
    for (const job of this.underWay) job.shutdown.abort(new DOMException(SHUTDOWN_REASON, 'AbortError'));
    if (!this.loop && this.underWay.size === 0) return;
    let bound: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      this.allSettled().then(() => false),
      new Promise<boolean>((resolve) => {
        bound = setTimeout(() => resolve(true), waitMs);
        bound.unref();
      }),
    ]);
    clearTimeout(bound);
    if (!timedOut) return;
    // handlers that did not return in time (or the loop hangs): their jobs are given back without them
    const stuck = [...this.underWay].filter((job) => !job.released);
    await Promise.all(
      stuck.map((job) => {
        this.log.warn({ jobId: job.id, job: job.name, queue: job.queue }, 'job handler did not stop in time: giving its job back anyway');
        return this.release(job);
      }),
    );
  }

  /** Queues a job this worker holds again for anyone at once, its attempt not counted (a shutdown, not the job's failure). */
  private async release(job: Running): Promise<void> {
    if (job.released) return;
    job.released = true;
    await job.stopLease?.();
    const released = await releaseJob(this.db, job.id, this.workerId, RELEASED_ERROR);
    this.log.info({ jobId: job.id, job: job.name, released }, released ? 'job given back to the queue (shutdown)' : 'job not given back: no longer this worker\'s');
    this.ended(job, 'lost');
  }

  /** A job's end, told once: it leaves `activeJobs`, `onJobEnd` is called (a job given back by a shutdown counts as 'lost': this runner did not finish it). */
  private ended(job: Running, outcome: 'done' | 'retry' | 'failed' | 'lost'): void {
    if (job.ended) return;
    job.ended = true;
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
  private dueBefore(): Date | null {
    return this.options.now?.() ?? null;
  }

  /** Look for work now (a job was just committed in this process, or one ended and freed its slot). */
  wake(): void {
    if (!this.running) return;
    if (this.loop) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Runs every due job until none is left, one at a time whatever its queue (tests and one-off
   * scripts). Returns how many ran.
   */
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

  /** One poll: stale leases recovered, then each queue's free slots filled with its due jobs, which run on their own. */
  private async tick(): Promise<void> {
    try {
      await this.recoverStale();
      if (this.running) {
        for (const job of await this.claimForFreeSlots()) {
          this.execute(job)
            // only writing the job's outcome (or giving it back) fails here, the database unreachable: its lock, no longer renewed, lets a runner take it over
            .catch((err: unknown) => this.log.error({ err: loggableError(err), jobId: job.id, job: job.name }, 'job outcome not written'))
            // its slot is free: look again at once
            .finally(() => this.wake());
        }
      }
      this.lastPolledAt = new Date();
    } catch (err) {
      this.log.error({ err: loggableError(err) }, 'job runner poll failed');
    }
  }

  /** Re-queues jobs whose lock was not renewed for `staleAfterSeconds`: their worker died (or stalled that long). */
  private async recoverStale(): Promise<void> {
    await requeueStale(this.db, this.options.staleAfterSeconds, this.dueBefore());
  }

  /** Slots of `queue` taken: its jobs under way whose handler has not returned (a lost or given-back job's handler still holds one). */
  private busy(queue: QueueName): number {
    let count = 0;
    for (const job of this.underWay) if (job.queue === queue) count += 1;
    return count;
  }

  /**
   * Claims, for each queue with free slots, up to that many due jobs of its kinds (the queue that
   * takes the kinds nobody here handles, UNHANDLED_KINDS_QUEUE, those too): one UPDATE whatever the
   * number of queues, each queue's sub-select a `FOR UPDATE SKIP LOCKED` of its own, its oldest due
   * jobs first. Nothing is asked when every slot is taken.
   */
  private async claimForFreeSlots(): Promise<ClaimedJob[]> {
    const free = QUEUE_NAMES.map((queue) => ({ queue, slots: this.concurrency[queue] - this.busy(queue) })).filter(({ slots }) => slots > 0);
    if (free.length === 0) return [];
    return claimDueJobs(
      this.db,
      this.workerId,
      free.map(({ queue, slots }) => ({ kinds: this.registry.kindsOf(queue), slots, unhandled: queue === UNHANDLED_KINDS_QUEUE })),
      this.registry.kinds(),
      this.dueBefore(),
    );
  }

  /**
   * Claims and runs one due job, whatever its queue and however many of its queue run (tests and
   * scripts: `drain()`). False when nothing was due (or the job was given back unrun by a shutdown).
   */
  async runOne(): Promise<boolean> {
    const job = await claimOldestDueJob(this.db, this.workerId, this.dueBefore());
    if (!job) return false;
    return this.execute(job);
  }

  /** Runs a claimed job to its end (or gives it back, when claimed as a shutdown began). False when given back unrun. */
  private async execute(job: ClaimedJob): Promise<boolean> {
    const queue = this.registry.queueOf(job.name) ?? UNHANDLED_KINDS_QUEUE;
    const log = this.log.child({ jobId: job.id, job: job.name, queue });
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const running: Running = { id: job.id, name: job.name, queue, since: new Date(), shutdown: new AbortController(), stopLease: null, settled, ended: false, released: false };
    this.underWay.add(running);
    try {
      // claimed while a shutdown began: given back unrun (and nothing more is claimed)
      if (this.releasing) {
        await this.release(running);
        return false;
      }
      await this.runClaimed(job, running, log);
      return true;
    } finally {
      this.underWay.delete(running);
      settle();
    }
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
        // the job's changes are its own in the audit trail (db/audit-context.ts), whoever queued it
        await runWithAuditContext(jobAuditContext(job.name), () =>
          handler(job.payload, { jobId: job.id, attempt: job.attempts, lastAttempt: this.isFinal(job, null), log, signal }),
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
      await markJobDone(this.db, job.id, this.workerId);
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
      // a handler's RetryLater moves the job's retry window on (never back)
      const asked = err instanceof RetryLater ? err.until : null;
      const retryUntil = [dateOf(job.retry_until), asked].reduce<Date | null>((later, at) => (at && (!later || at > later) ? at : later), null);
      const final = err instanceof FailNow || this.isFinal(job, retryUntil);
      const delayMs = Math.min(3_600_000, (this.options.backoffBaseMs ?? 5000) * 2 ** (Math.min(job.attempts, 30) - 1));
      if (err instanceof RetryLater && !final) log.info({ reason: message, attempt: job.attempts, retryUntil }, 'job to be tried again later');
      else log.warn({ err: loggableError(err), attempt: job.attempts, final }, 'job failed');
      await markJobFailed(this.db, job.id, this.workerId, { final, delayMs, retryUntil, error: message.slice(0, 2000), from: this.dueBefore() });
      this.ended(running, final ? 'failed' : 'retry');
    }
  }

  /** Whether a failure of this attempt ends the job: its attempts used up and no retry window (`retry_until`, or `retryUntil` given) ahead on the business clock. */
  private isFinal(job: ClaimedJob, retryUntil: Date | null): boolean {
    const until = retryUntil ?? dateOf(job.retry_until);
    const now = this.options.now?.() ?? new Date();
    return job.attempts >= job.max_attempts && !(until && until > now);
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
        if (!(await renewJobLock(this.db, jobId, this.workerId))) {
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

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));
