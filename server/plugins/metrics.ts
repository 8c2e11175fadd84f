import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config';
import { rawDriverOf, type Db } from '../db/client';
import { emailStatusCounts, jobQueueCounts } from './metrics.repository';
import { routeTemplate } from './logging';
import type { Clock } from '../lib/clock';
import { unauthorized } from '../lib/errors';
import { sha256 } from '../lib/tokens';
import type { JobRunner } from '../jobs/runner';

/** how long one of a scrape's table reads may take: past it the scrape answers without them */
const QUERY_TIME_LIMIT_MS = 2000;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** the route label of a request no route answered (404s, the SPA's fallback): one label, never the URL */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface MetricsOptions {
  config: AppConfig;
  db: Db;
  clock: Clock;
}

/** An e-mail row's status as the `state` label: waiting (to be sent, or sent again), sent, failed, or logged (no SMTP: printed to the log). */
const OUTBOX_STATE: Record<string, string> = { queued: 'waiting', sending: 'waiting', retrying: 'waiting', sent: 'sent', logged: 'logged', failed: 'failed' };
const SQUARE_STATE: Record<string, string> = { QUEUED: 'waiting', SENDING: 'waiting', RETRY_WAITING: 'waiting', SENT: 'sent', FAILED: 'failed' };
const EMAIL_CHANNELS = ['outbox', 'square'] as const;
const EMAIL_STATES = ['waiting', 'sent', 'failed', 'logged'] as const;

/**
 * This instance's metrics, in a registry of its own (tests build many apps in one process: never
 * prom-client's global one). Counted as they happen: requests (per route template, method and
 * status), jobs this instance ended. Read at scrape time: the jobs table's queues, the e-mails'
 * tables, the database pool, the process (prom-client's default metrics, event loop delay included).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'tessera_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly jobsEnded = new Counter({
    name: 'tessera_jobs_ended_total',
    help: 'Jobs this instance ended, by queue (job name) and outcome (done, retry, failed, lost)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobSeconds = new Histogram({
    name: 'tessera_job_duration_seconds',
    help: 'How long the jobs this instance ended ran, by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });
  private readonly queueDepth = new Gauge({
    name: 'tessera_job_queue_depth',
    help: 'Jobs queued and due now, by queue (all instances: the jobs table)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly queueScheduled = new Gauge({
    name: 'tessera_job_queue_scheduled',
    help: 'Jobs queued for later (not due yet), by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly oldestDue = new Gauge({
    name: 'tessera_job_queue_oldest_due_age_seconds',
    help: 'How long the oldest due job of a queue has been waiting (0: none waiting)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly jobsRunning = new Gauge({
    name: 'tessera_jobs_running',
    help: 'Jobs running now on any instance, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly jobsFailed = new Gauge({
    name: 'tessera_jobs_failed',
    help: 'Jobs failed for good and not yet deleted by the cleanup (RETENTION_JOBS_DAYS), by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly emails = new Gauge({
    name: 'tessera_emails',
    help: 'E-mails by channel (outbox: account and order e-mails; square: voucher communications) and state (waiting, sent, failed, logged)',
    labelNames: ['channel', 'state'] as const,
    registers: [this.registry],
  });
  private readonly databaseUp = new Gauge({
    name: 'tessera_database_up',
    help: '1 when the last scrape read the database, 0 when it did not answer in time',
    registers: [this.registry],
  });
  private readonly poolConnections = new Gauge({
    name: 'tessera_db_pool_connections',
    help: 'PostgreSQL pool connections by pool (main: requests and jobs; export: CSV downloads) and state (total, idle)',
    labelNames: ['pool', 'state'] as const,
    registers: [this.registry],
  });
  private readonly poolWaiting = new Gauge({
    name: 'tessera_db_pool_waiting',
    help: 'Callers waiting for a connection of the PostgreSQL pool',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  /** the port the metrics server of its own listens on (METRICS_PORT), once listening */
  port: number | null = null;
  /** queues seen so far: each keeps its series (at 0) once it has been seen */
  private readonly queues = new Set<string>();

  constructor(private readonly options: MetricsOptions) {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A request answered (onResponse). */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    const labels = {
      route: routeTemplate(request) ?? UNMATCHED_ROUTE,
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      status: String(reply.statusCode),
    };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, reply.elapsedTime / 1000);
  }

  /** The runner's `onJobEnd` seam (jobs/runner.ts). */
  observeJobEnd(queue: string, outcome: string, seconds: number): void {
    this.queues.add(queue);
    this.jobsEnded.inc({ queue, outcome });
    this.jobSeconds.observe({ queue, outcome }, seconds);
  }

  private async readJobs(): Promise<void> {
    const rows = await jobQueueCounts(this.options.db, this.options.clock.now(), QUERY_TIME_LIMIT_MS);
    for (const row of rows) this.queues.add(row.name);
    const byName = new Map(rows.map((row) => [row.name, row]));
    for (const queue of this.queues) {
      const row = byName.get(queue);
      this.queueDepth.set({ queue }, Number(row?.queued_due ?? 0));
      this.queueScheduled.set({ queue }, Number(row?.queued_later ?? 0));
      this.oldestDue.set({ queue }, Math.max(0, Number(row?.oldest ?? 0)));
      this.jobsRunning.set({ queue }, Number(row?.running ?? 0));
      this.jobsFailed.set({ queue }, Number(row?.failed ?? 0));
    }
  }

  private async readEmails(): Promise<void> {
    const rows = await emailStatusCounts(this.options.db, QUERY_TIME_LIMIT_MS);
    const counts = new Map<string, number>();
    for (const row of rows) {
      const state = (row.channel === 'outbox' ? OUTBOX_STATE : SQUARE_STATE)[row.status];
      if (!state) continue;
      const key = `${row.channel}/${state}`;
      counts.set(key, (counts.get(key) ?? 0) + Number(row.n));
    }
    for (const channel of EMAIL_CHANNELS) {
      for (const state of EMAIL_STATES) {
        if (state === 'logged' && channel === 'square') continue;
        this.emails.set({ channel, state }, counts.get(`${channel}/${state}`) ?? 0);
      }
    }
  }

  private readPools(): void {
    const raw = rawDriverOf(this.options.db);
    // PGlite: one in-process connection, no pool to report
    if (raw?.kind !== 'postgres') return;
    const pools = [['main', raw.pool] as const, ...(raw.exportPool ? [['export', raw.exportPool] as const] : [])];
    for (const [pool, { totalCount, idleCount, waitingCount }] of pools) {
      this.poolConnections.set({ pool, state: 'total' }, totalCount);
      this.poolConnections.set({ pool, state: 'idle' }, idleCount);
      this.poolWaiting.set({ pool }, waitingCount);
    }
  }

  /**
   * The Prometheus text: the tables read first (time-limited; when the database does not answer
   * their series keep their last values and `tessera_database_up` says 0), then everything.
   */
  async scrape(): Promise<string> {
    const read = await Promise.allSettled([this.readJobs(), this.readEmails()]);
    this.databaseUp.set(read.every((result) => result.status === 'fulfilled') ? 1 : 0);
    this.readPools();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

const digest = (value: string) => Buffer.from(sha256(value), 'hex');

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  // digests: equal lengths whatever was sent, so the comparison says nothing of the token's length
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Prometheus metrics (Node server only: app.ts). Never public by default: with METRICS_TOKEN,
 * GET /metrics on the main port answers only with `Authorization: Bearer <token>` (401 otherwise);
 * with METRICS_PORT, a small HTTP server of its own serves /metrics on that port without a token
 * (opened when the app is ready, closed with it); with neither, /metrics is no route (404). The job
 * series of this instance need `app.metrics.attachJobs(runner)` once the runner exists.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const metrics = new Metrics(options);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));

  const { token, port } = options.config.metrics;
  if (token) {
    app.get('/metrics', { schema: { hide: true }, config: { public: true, probe: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) throw unauthorized('A metrics token is required');
      const text = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    });
  }
  if (port !== null) {
    let server: Server | null = null;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        const path = (req.url ?? '').split('?', 1)[0];
        if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        metrics.scrape().then(
          (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Scrape failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '0.0.0.0', () => resolve());
      });
      metrics.port = (server.address() as AddressInfo).port;
      app.log.info({ port }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      if (!server) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  }
});

/** Points the runner's `onJobEnd` seam at the metrics (the runner exists only once the API is registered). */
export function attachJobMetrics(metrics: Metrics, jobs: JobRunner): void {
  jobs.onJobEnd = (name, outcome, seconds) => metrics.observeJobEnd(name, outcome, seconds);
}
