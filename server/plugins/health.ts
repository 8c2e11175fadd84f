import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { migrationState, TimeLimitError, withTimeLimit } from '../db/migration-state';
import type { FileStorage } from '../lib/files';
import type { JobRunner } from '../jobs/runner';

/** how long one readiness check may take: /readyz answers within about this, whatever hangs */
export const CHECK_TIME_LIMIT_MS = 2000;

export type CheckResult = 'ok' | 'unreachable' | 'timeout' | 'not migrated' | 'stopped' | 'stalled';
export interface Readiness {
  status: 'ready' | 'unavailable' | 'draining';
  failing?: string[];
  checks: { database: CheckResult; files: CheckResult; jobs: CheckResult };
}

export interface HealthOptions {
  config: AppConfig;
  db: Db;
  files: FileStorage;
  jobs: JobRunner;
}

const failure = (error: unknown): CheckResult => (error instanceof TimeLimitError ? 'timeout' : 'unreachable');

async function databaseCheck(db: Db): Promise<CheckResult> {
  try {
    // 'unknown': a runtime role of its own may not read drizzle's table; the owner migrated at start
    return (await migrationState(db, CHECK_TIME_LIMIT_MS)) === 'behind' ? 'not migrated' : 'ok';
  } catch (error) {
    return failure(error);
  }
}

async function filesCheck(files: FileStorage): Promise<CheckResult> {
  if (!files.probe) return 'ok';
  try {
    await withTimeLimit(files.probe(), CHECK_TIME_LIMIT_MS, 'the file storage');
    return 'ok';
  } catch (error) {
    return failure(error);
  }
}

/**
 * The job runner is alive when started and either busy with jobs (however long they run) or done
 * looking for due jobs recently: within a few poll intervals (a poll that waits on a slow database
 * gets some slack; 10 s at least).
 */
export function jobsCheck(jobs: JobRunner, pollIntervalMs: number, now = Date.now()): CheckResult {
  if (!jobs.started) return 'stopped';
  // each queue runs apart and the runner keeps polling while jobs run (jobs/runner.ts): a recent
  // poll is the sign of life, however long a running job takes
  const polled = jobs.lastPolledAt?.getTime();
  // just started: its first look has not ended yet
  if (polled === undefined) return 'ok';
  return now - polled <= Math.max(5 * pollIntervalMs, 10_000) ? 'ok' : 'stalled';
}

export async function readiness(app: FastifyInstance, options: HealthOptions): Promise<Readiness> {
  const [database, files] = await Promise.all([databaseCheck(options.db), filesCheck(options.files)]);
  const checks = { database, files, jobs: jobsCheck(options.jobs, options.config.jobs.pollIntervalMs) };
  // a drain that began while the checks ran still wins
  if (app.lifecycle.draining) return { status: 'draining', checks };
  const failing = Object.entries(checks)
    .filter(([, result]) => result !== 'ok')
    .map(([name]) => name);
  return failing.length === 0 ? { status: 'ready', checks } : { status: 'unavailable', failing, checks };
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * Liveness and readiness for the load balancer and the orchestrator (Node server only: app.ts).
 * GET /healthz answers 200 while the process can answer at all, touching nothing. GET /readyz
 * answers 200 when this instance can serve: the database reachable and migrated to this build's
 * newest migration, the file storage reachable, the job runner alive; else 503 naming what fails,
 * and 503 `draining` from the moment a shutdown begins (lib/lifecycle.ts), without checking
 * anything. Each check is time-limited, so /readyz never hangs. Both are public (`config.public`:
 * no token), not rate limited (no route limit), outside /api (no audit context), never cached;
 * the request log writes them at debug level (plugins/logging.ts).
 */
export const healthPlugin = fp(async (app: FastifyInstance, options: HealthOptions) => {
  const route = { schema: { hide: true }, config: { public: true, probe: true } };
  app.get('/healthz', route, async (_request, reply) => {
    noStore(reply);
    return { status: 'ok' };
  });
  app.get('/readyz', route, async (_request, reply) => {
    noStore(reply);
    if (app.lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    const state = await readiness(app, options);
    return reply.code(state.status === 'ready' ? 200 : 503).send(state);
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a probe's route (health, metrics): its request log line is written at debug level */
    probe?: boolean;
  }
}
