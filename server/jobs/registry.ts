import type { FastifyBaseLogger } from 'fastify';
import { queueOfKind, type QueueName } from '../queues';

export interface JobContext {
  jobId: string;
  attempt: number;
  /** no retry follows if this attempt fails (its attempts are used up and no `retry_until` lies ahead) */
  lastAttempt: boolean;
  log: FastifyBaseLogger;
  /**
   * Aborts when the job's lease is lost (another runner took it over, as if this worker had died):
   * a long handler checks it between its steps and stops writing (`signal.throwIfAborted()`).
   */
  signal: AbortSignal;
}

/**
 * Thrown by a handler whose job should be tried again later, however many attempts it has made,
 * until `until` (the e-mail outbox: a mail server deferring or down, for MAIL_RETRY_HOURS): the
 * runner queues it again with its back-off and keeps `until` on the job (`retry_until`), so a
 * later failure of any kind (the database down) is retried until then as well. Past `until` the
 * job fails as any failure would. `message` becomes the job's `last_error`.
 */
export class RetryLater extends Error {
  override name = 'RetryLater';
  constructor(
    message: string,
    readonly until: Date,
  ) {
    super(message);
  }
}

/** Thrown by a handler whose job must not be tried again: it fails now, whatever attempts are left. */
export class FailNow extends Error {
  override name = 'FailNow';
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export interface RegisterOptions {
  /** the kind's queue; default its queue in JOB_QUEUES (server/queues.ts), where every kind of the API is */
  queue?: QueueName;
}

/** a kind's name: the runner hands the kinds of a queue to its claim as one comma-separated parameter */
const KIND_NAME = /^[A-Za-z0-9._:-]+$/;

/**
 * Handlers keyed by job name, each in its queue (server/queues.ts): the runner runs each queue's
 * kinds apart, with the queue's concurrency. A kind with no queue is refused here, so none runs
 * unnoticed in no queue (or in one by chance).
 */
export class JobRegistry {
  private readonly handlers = new Map<string, { handler: JobHandler; queue: QueueName }>();
  /** the kinds of each queue, made again after a registration (the runner reads them at every poll) */
  private byQueue: Map<QueueName, string[]> | null = null;

  register(name: string, handler: JobHandler, options: RegisterOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job handler "${name}" already registered`);
    if (!KIND_NAME.test(name)) throw new Error(`job kind "${name}": letters, digits and . _ : - only`);
    const queue = options.queue ?? queueOfKind(name);
    if (!queue) throw new Error(`job kind "${name}" belongs to no queue: add it to JOB_QUEUES (server/queues.ts)`);
    this.handlers.set(name, { handler, queue });
    this.byQueue = null;
  }

  get(name: string): JobHandler | undefined {
    return this.handlers.get(name)?.handler;
  }

  /** the queue of a registered kind */
  queueOf(name: string): QueueName | undefined {
    return this.handlers.get(name)?.queue;
  }

  /** every registered kind */
  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** the registered kinds of `queue` */
  kindsOf(queue: QueueName): readonly string[] {
    if (!this.byQueue) {
      const byQueue = new Map<QueueName, string[]>();
      for (const [name, { queue: of }] of this.handlers) byQueue.set(of, [...(byQueue.get(of) ?? []), name]);
      this.byQueue = byQueue;
    }
    return this.byQueue.get(queue) ?? [];
  }
}
