import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db, type DbHandle } from './db/client';
import { openPostgres } from './db/postgres';
import { jobs } from './db/schema';
import { createTestApp } from './test/app';
import { CONCURRENT_DRIVERS, DRIVERS, createTestDb } from './test/db';
import { waitFor } from './test/processes';
import { enqueue } from './jobs/queue';
import { JOB_QUEUES, QUEUE_NAMES, QUEUES, type QueueName } from './queues';
import { JobRegistry } from './jobs/registry';
import { JobRunner, RELEASED_ERROR } from './jobs/runner';

const log = Fastify({ logger: { level: 'silent' } }).log;
const options = { pollIntervalMs: 20, staleAfterSeconds: 60, backoffBaseMs: 10 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** a promise the test settles: a handler held on it is a stuck job (an SMTP server that never answers) */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Resolves when `signal` aborts (a handler that stops for a shutdown). */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** Counts handler runs under way, per queue, and the most ever at once. */
class Concurrency {
  readonly now = new Map<string, number>();
  readonly max = new Map<string, number>();
  enter(key: string): void {
    const count = (this.now.get(key) ?? 0) + 1;
    this.now.set(key, count);
    this.max.set(key, Math.max(count, this.max.get(key) ?? 0));
  }
  leave(key: string): void {
    this.now.set(key, (this.now.get(key) ?? 0) - 1);
  }
}

async function statuses(db: Db, ids: string[]) {
  const rows = await db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

describe('job kinds and their queues', () => {
  it('every kind the API registers is in its queue of JOB_QUEUES, and JOB_QUEUES names no kind the API lacks', async () => {
    const t = await createTestApp('pglite', { seed: false });
    try {
      const registry = t.app.jobRegistry;
      const registered = registry.kinds().sort();
      expect(registered).toEqual(Object.keys(JOB_QUEUES).sort());
      for (const kind of registered) expect(registry.queueOf(kind), kind).toBe(JOB_QUEUES[kind]);
      // every queue serves some kind
      for (const queue of QUEUE_NAMES) expect(registry.kindsOf(queue).length, queue).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('the registry refuses a kind that belongs to no queue, and one whose name the claim could not carry', () => {
    const registry = new JobRegistry();
    expect(() => registry.register('brand.new.kind', async () => {})).toThrow('job kind "brand.new.kind" belongs to no queue: add it to JOB_QUEUES (server/queues.ts)');
    expect(() => registry.register('constructor', async () => {})).toThrow('belongs to no queue');
    expect(() => registry.register('a,b', async () => {}, { queue: 'mail' })).toThrow('letters, digits');
    registry.register('email.send', async () => {});
    registry.register('brand.new.kind', async () => {}, { queue: 'reports' });
    expect(registry.queueOf('email.send')).toBe('mail');
    expect(registry.kindsOf('reports')).toEqual(['brand.new.kind']);
  });

  it('the default concurrencies fit the default database pool (DB_POOL_MAX 10) with connections to spare for requests and the poll', () => {
    const sum = QUEUE_NAMES.reduce((total, queue) => total + QUEUES[queue].concurrency, 0);
    expect(sum).toBeLessThanOrEqual(10 - 2);
  });
});

describe.each(DRIVERS)('job queues (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  it('a stuck mail job holds only the mail queue: every other queue runs its job at once; a second mail job waits for a free mail slot', async () => {
    const registry = new JobRegistry();
    const stuck = gate();
    const mailRuns: string[] = [];
    let mailStarted!: () => void;
    const firstMail = new Promise<void>((resolve) => (mailStarted = resolve));
    registry.register(
      'test.mail',
      async (payload) => {
        const { n } = payload as { n: string };
        mailRuns.push(n);
        mailStarted();
        if (n === 'first') await stuck.opened;
      },
      { queue: 'mail' },
    );
    const others = QUEUE_NAMES.filter((queue) => queue !== 'mail');
    const finishedAt = new Map<string, number>();
    for (const queue of others) {
      registry.register(
        `test.${queue}`,
        async () => {
          await sleep(10);
          finishedAt.set(queue, Date.now());
        },
        { queue },
      );
    }
    // the mail jobs are the oldest: a runner of one job at a time would take the stuck one first and hold everything
    const past = new Date(Date.now() - 60_000);
    const first = await enqueue(db.db, 'test.mail', { n: 'first' }, { runAt: past });
    const second = await enqueue(db.db, 'test.mail', { n: 'second' }, { runAt: new Date(past.getTime() + 1) });
    const otherIds = await Promise.all(others.map((queue) => enqueue(db.db, `test.${queue}`, {})));
    const runner = new JobRunner(db.db, registry, log, { ...options, concurrency: { mail: 1 } });
    const began = Date.now();
    runner.start();
    try {
      await firstMail;
      await waitFor(async () => [...(await statuses(db.db, otherIds)).values()].every((status) => status === 'done'), 'every other queue\'s job done', 2000);
      const slowest = Math.max(...others.map((queue) => finishedAt.get(queue)! - began));
      expect(slowest).toBeLessThan(2000);
      // the first mail job still stuck, the second still waiting for mail's one slot, poll after poll
      await sleep(10 * options.pollIntervalMs);
      expect(mailRuns).toEqual(['first']);
      expect(Object.fromEntries(await statuses(db.db, [first, second]))).toEqual({ [first]: 'running', [second]: 'queued' });
      expect(runner.activeJobs).toEqual([{ id: first, name: 'test.mail', queue: 'mail', since: expect.any(Date) }]);
      stuck.open();
      await waitFor(async () => [...(await statuses(db.db, [first, second])).values()].every((status) => status === 'done'), 'both mail jobs done', 2000);
      expect(mailRuns).toEqual(['first', 'second']);
    } finally {
      stuck.open();
      await runner.stop();
    }
  });

  it('fails a job of a kind nobody here handles (in the queue of UNHANDLED_KINDS_QUEUE) rather than leave it queued', async () => {
    const registry = new JobRegistry();
    registry.register('handled.kind', async () => {}, { queue: 'reports' });
    const runner = new JobRunner(db.db, registry, log, options);
    const ends: string[] = [];
    runner.onJobEnd = (name, outcome) => ends.push(`${name} ${outcome}`);
    const id = await enqueue(db.db, 'nobody.handles', {}, { maxAttempts: 1 });
    runner.start();
    try {
      await waitFor(async () => (await statuses(db.db, [id])).get(id) === 'failed', 'the job failed', 3000);
    } finally {
      await runner.stop();
    }
    expect(ends).toEqual(['nobody.handles failed']);
    await db.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('never runs more jobs of a queue at once than its concurrency, and fills it', async () => {
    const registry = new JobRegistry();
    const counts = new Concurrency();
    const concurrency: Partial<Record<QueueName, number>> = { mail: 3, reports: 2, batches: 1 };
    const perQueue = { mail: 15, reports: 10, batches: 6 } as const;
    for (const queue of Object.keys(perQueue) as Array<keyof typeof perQueue>) {
      registry.register(
        `count.${queue}`,
        async () => {
          counts.enter(queue);
          await sleep(20 + Math.random() * 40);
          counts.leave(queue);
        },
        { queue },
      );
    }
    const ids: string[] = [];
    for (const [queue, count] of Object.entries(perQueue)) {
      for (let i = 0; i < count; i += 1) ids.push(await enqueue(db.db, `count.${queue}`, { i }));
    }
    const runner = new JobRunner(db.db, registry, log, { ...options, concurrency });
    runner.start();
    try {
      await waitFor(async () => [...(await statuses(db.db, ids)).values()].every((status) => status === 'done'), 'every job done', 20_000);
    } finally {
      await runner.stop();
    }
    expect(Object.fromEntries(counts.max)).toEqual(concurrency);
    expect(runner.activeJobs).toEqual([]);
  });

  it('polls cheaply: at most one claim query a poll, none while every slot is taken', async () => {
    const dialect = new PgDialect();
    let claims = 0;
    let polls = 0;
    const counted = new Proxy(db.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (query: SQL) => {
          const text = dialect.sqlToQuery(query).sql;
          if (text.includes('CROSS JOIN LATERAL')) claims += 1;
          if (text.includes('lock expired')) polls += 1;
          return target.execute(query);
        };
      },
    });
    const registry = new JobRegistry();
    const stuck = gate();
    for (const queue of QUEUE_NAMES) registry.register(`held.${queue}`, () => stuck.opened, { queue });
    const runner = new JobRunner(counted, registry, log, { ...options, pollIntervalMs: 50 });
    runner.start();
    try {
      // idle: one claim a poll, whatever the number of queues
      await sleep(500);
      expect(polls).toBeGreaterThan(3);
      expect(claims).toBeLessThanOrEqual(polls);
      expect(claims).toBeGreaterThanOrEqual(polls - 1);
      // every slot of every queue taken by a held job: the polls go on (stale leases), the claims stop
      const held = [];
      for (const queue of QUEUE_NAMES) {
        for (let i = 0; i < QUEUES[queue].concurrency; i += 1) held.push(await enqueue(db.db, `held.${queue}`, {}));
      }
      runner.wake();
      await waitFor(async () => runner.activeJobs.length === held.length, 'every slot taken', 3000);
      await sleep(100);
      const [claimsBefore, pollsBefore] = [claims, polls];
      await sleep(500);
      expect(polls - pollsBefore).toBeGreaterThan(3);
      expect(claims).toBe(claimsBefore);
      expect(runner.lastPolledAt!.getTime()).toBeGreaterThan(Date.now() - 200);
    } finally {
      stuck.open();
      await runner.stop();
    }
  });

  it('a stop for a shutdown gives back every running job of every queue, those whose handler stops and one whose handler does not', async () => {
    const registry = new JobRegistry();
    const stubborn = gate();
    for (const queue of ['mail', 'reports', 'batches'] as const) {
      registry.register(
        `polite.${queue}`,
        async (_payload, { signal }) => {
          await aborted(signal);
          signal.throwIfAborted();
        },
        { queue },
      );
    }
    registry.register('stubborn.orders', () => stubborn.opened, { queue: 'orders' });
    const ids = [
      await enqueue(db.db, 'polite.mail', {}),
      await enqueue(db.db, 'polite.mail', {}),
      await enqueue(db.db, 'polite.reports', {}),
      await enqueue(db.db, 'polite.batches', {}),
      await enqueue(db.db, 'stubborn.orders', {}),
    ];
    const runner = new JobRunner(db.db, registry, log, options);
    const ends: string[] = [];
    runner.onJobEnd = (name, outcome) => ends.push(`${name} ${outcome}`);
    runner.start();
    try {
      await waitFor(async () => runner.activeJobs.length === ids.length, 'five jobs under way', 3000);
      expect(runner.activeJobs.map((job) => job.queue).sort()).toEqual(['batches', 'mail', 'mail', 'orders', 'reports']);
      const began = Date.now();
      await runner.stop({ release: true, waitMs: 300 });
      expect(Date.now() - began).toBeLessThan(2000);
      expect(runner.activeJobs).toEqual([]);
      expect(ends.sort()).toEqual(['polite.batches lost', 'polite.mail lost', 'polite.mail lost', 'polite.reports lost', 'stubborn.orders lost']);
      const rows = await db.db.select().from(jobs).where(inArray(jobs.id, ids));
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedAt: null, lastError: RELEASED_ERROR });
    } finally {
      stubborn.open();
      await runner.stop();
      await db.db.delete(jobs).where(inArray(jobs.id, ids));
    }
  });
});

describe.each(CONCURRENT_DRIVERS)('job queues of two instances (%s)', (driver) => {
  let db: DbHandle & { url: string | null };
  let other: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
    other = openPostgres(db.url!);
  });
  afterAll(async () => {
    await other.close();
    await db.close();
  });

  it('two runners never run one job twice, nor more of a queue at once than its concurrency each (and twice it together)', async () => {
    const concurrency: Partial<Record<QueueName, number>> = { mail: 2, reports: 1 };
    const total = new Concurrency();
    const each = [new Concurrency(), new Concurrency()];
    const seen = new Map<string, number>();
    const ranBy = [0, 0];
    const registries = [0, 1].map((instance) => {
      const registry = new JobRegistry();
      for (const queue of ['mail', 'reports'] as const) {
        registry.register(
          `shared.${queue}`,
          async (payload) => {
            const { n } = payload as { n: string };
            seen.set(n, (seen.get(n) ?? 0) + 1);
            ranBy[instance] += 1;
            total.enter(queue);
            each[instance].enter(queue);
            await sleep(5 + Math.random() * 25);
            each[instance].leave(queue);
            total.leave(queue);
          },
          { queue },
        );
      }
      return registry;
    });
    const count = { mail: 60, reports: 30 };
    await db.db.insert(jobs).values([
      ...Array.from({ length: count.mail }, (_, i) => ({ name: 'shared.mail', payload: { n: `mail-${i}` } })),
      ...Array.from({ length: count.reports }, (_, i) => ({ name: 'shared.reports', payload: { n: `reports-${i}` } })),
    ]);
    const runners = [new JobRunner(db.db, registries[0], log, { ...options, pollIntervalMs: 5, concurrency }), new JobRunner(other.db, registries[1], log, { ...options, pollIntervalMs: 5, concurrency })];
    runners.forEach((runner) => runner.start());
    try {
      await waitFor(async () => (await db.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'done'))).length === count.mail + count.reports, 'every job done', 30_000);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    expect(seen.size).toBe(count.mail + count.reports);
    expect([...seen.values()].every((runs) => runs === 1)).toBe(true);
    expect(await queryRows(db.db, sql`SELECT 1 FROM jobs WHERE attempts <> 1`)).toHaveLength(0);
    for (const instance of each) {
      expect(instance.max.get('mail')).toBeLessThanOrEqual(2);
      expect(instance.max.get('reports')).toBeLessThanOrEqual(1);
    }
    expect(total.max.get('mail')).toBeLessThanOrEqual(4);
    expect(total.max.get('reports')).toBeLessThanOrEqual(2);
    // both instances took their share
    expect(ranBy.every((runs) => runs > 0)).toBe(true);
  });
});
