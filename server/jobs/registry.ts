import type { FastifyBaseLogger } from 'fastify';

export interface JobContext {
  jobId: string;
  attempt: number;
  /** no retry follows if this attempt fails */
  lastAttempt: boolean;
  log: FastifyBaseLogger;
  /**
   * Aborts when the job's lease is lost (another runner took it over, as if this worker had died):
   * a long handler checks it between its steps and stops writing (`signal.throwIfAborted()`).
   */
  signal: AbortSignal;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** Handlers keyed by job name: later issues register batch, PDF, report and reload handlers. */
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register(name: string, handler: JobHandler): void {
    if (this.handlers.has(name)) throw new Error(`job handler "${name}" already registered`);
    this.handlers.set(name, handler);
  }

  get(name: string): JobHandler | undefined {
    return this.handlers.get(name);
  }
}
