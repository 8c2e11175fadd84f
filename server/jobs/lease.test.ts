import { Writable } from 'node:stream';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCardCodes } from '../../domain/codes';
import { queryRows, type DbHandle } from '../db/client';
import { openPostgres } from '../db/postgres';
import { jobs } from '../db/schema';
import type { FileStorage } from '../lib/files';
import { createMemoryStorage } from '../lib/files.memory';
import { chunksOf } from '../lib/streams';
import { archiveKey, makeArchive } from '../modules/catalog/archive';
import { generateBatchCards } from '../modules/catalog/generate';
import { addTypology } from '../test/support/giftcards';
import { companyIdOf } from '../test/builders';
import { DRIVERS, createTestDb } from '../test/db';
import { waitFor } from '../test/processes';
import { runCleanup } from './cleanup';
import { enqueue } from './queue';
import { JobRegistry } from './registry';
import { JobRunner, RELEASED_ERROR, SHUTDOWN_REASON } from './runner';

const log = Fastify({ logger: { level: 'silent' } }).log;
/** a stale delay of one second, renewed every quarter second: leases are short so the tests are */
const options = { pollIntervalMs: 50, staleAfterSeconds: 1, heartbeatMs: 250, backoffBaseMs: 10 };

async function jobRow(db: DbHandle, id: string) {
  const [row] = await db.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}


/** Resolves when `signal` aborts; fails the test (rather than hang its runner) if it never does. */
const aborted = (signal: AbortSignal, timeoutMs = 10_000) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(() => reject(new Error('the signal was never aborted')), timeoutMs);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

describe.each(DRIVERS)('job leases (%s)', (driver) => {
  let db: DbHandle;
  /** the second instance's connection: its own pool on PostgreSQL (PGlite is one in-process database) */
  let other: DbHandle;
  beforeAll(async () => {
    const created = await createTestDb(driver);
    db = created;
    other = created.url ? openPostgres(created.url) : created;
  });
  afterAll(async () => {
    if (other !== db) await other.close();
    await db.close();
  });

  it('a job running three times the stale delay, renewed by its live worker, runs once while another runner polls', async () => {
    const registry = new JobRegistry();
    let runs = 0;
    registry.register('long', async () => {
      runs += 1;
      // the work itself: three stale delays
      await new Promise((resolve) => setTimeout(resolve, 3 * options.staleAfterSeconds * 1000));
    }, { queue: 'batches' });
    const runners = [new JobRunner(db.db, registry, log, options), new JobRunner(other.db, registry, log, options)];
    const id = await enqueue(db.db, 'long', {});
    runners.forEach((r) => r.start());
    try {
      await waitFor(async () => (await jobRow(db, id)).status === 'done', 'the job done');
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect(runs).toBe(1);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedBy: null });
  });

  it('takes over the job of a worker that stopped renewing; that worker is told at its next renewal and writes no outcome', async () => {
    const registry = new JobRegistry();
    // the stalled worker: it renews only every 2.5 s, so its lock goes stale (1 s) between renewals
    const stalled = new JobRunner(db.db, registry, log, { ...options, heartbeatMs: 2500 });
    const live = new JobRunner(other.db, registry, log, options);
    const runs: string[] = [];
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let firstSignal: AbortSignal | undefined;
    let ownerWhenAborted: string | null | undefined;
    const id = await enqueue(db.db, 'takeover', {});
    registry.register('takeover', async (_payload, { signal }) => {
      if (runs.length > 0) {
        runs.push('second');
        return;
      }
      runs.push('first');
      firstSignal = signal;
      firstStarted();
      await aborted(signal);
      ownerWhenAborted = (await jobRow(db, id)).lockedBy;
      // it settles only after the new owner has finished: its outcome must not replace the new one
      await waitFor(async () => (await jobRow(db, id)).status === 'done', 'the job done');
      signal.throwIfAborted();
    }, { queue: 'batches' });
    stalled.start();
    try {
      await started;
      live.start();
      await waitFor(async () => (await jobRow(db, id)).status === 'done', 'the job done');
      await aborted(firstSignal!);
    } finally {
      await Promise.all([stalled.stop(), live.stop()]);
    }
    expect(runs).toEqual(['first', 'second']);
    expect(firstSignal!.reason).toMatchObject({ name: 'AbortError' });
    // aborted because its renewal found the job no longer its own
    expect(ownerWhenAborted).not.toBe(stalled.workerId);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, lastError: null, lockedBy: null, lockedAt: null });
  });

  it('a stop for a shutdown gives the running job back: queued at once, its attempt not counted, and another runner claims it at once', async () => {
    const registry = new JobRegistry();
    const runs: string[] = [];
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let reason: unknown;
    registry.register('handback', async (_payload, { signal, attempt, lastAttempt }) => {
      runs.push(`run ${runs.length + 1}: attempt ${attempt}${lastAttempt ? ' (last)' : ''}`);
      if (runs.length > 1) return;
      firstStarted();
      await aborted(signal);
      reason = signal.reason;
      signal.throwIfAborted();
    }, { queue: 'batches' });
    const stopping = new JobRunner(db.db, registry, log, options);
    const ends: string[] = [];
    stopping.onJobEnd = (name, outcome, seconds) => ends.push(`${name} ${outcome} ${seconds >= 0 && seconds < 10}`);
    // one attempt only: were the released attempt counted, the next would be past max_attempts
    const id = await enqueue(db.db, 'handback', {}, { maxAttempts: 1 });
    stopping.start();
    await started;
    expect(stopping.activeJobs).toMatchObject([{ id, name: 'handback', queue: 'batches' }]);
    expect(await jobRow(db, id)).toMatchObject({ status: 'running', attempts: 1, lockedBy: stopping.workerId });
    await stopping.stop({ release: true, waitMs: 5000 });
    expect(reason).toMatchObject({ name: 'AbortError', message: SHUTDOWN_REASON });
    expect(stopping.activeJobs).toEqual([]);
    expect(ends).toEqual(['handback lost true']);
    expect(await jobRow(db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedAt: null, lastError: RELEASED_ERROR, finishedAt: null });
    const [due] = await queryRows<{ due: boolean }>(db.db, sql`SELECT run_at <= now() AS due FROM jobs WHERE id = ${id}`);
    expect(due.due).toBe(true);

    // at once: a claim (no stale recovery, no wait) by the other instance's runner
    const taking = new JobRunner(other.db, registry, log, options);
    expect(await taking.runOne()).toBe(true);
    expect(runs).toEqual(['run 1: attempt 1 (last)', 'run 2: attempt 1 (last)']);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedBy: null });
  });

  it('a handler that ignores its signal does not hold a shutdown past its bound; the job is given back and that handler writes nothing after', async () => {
    const registry = new JobRegistry();
    let handlerStarted!: () => void;
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let stubbornEnded = false;
    registry.register('stubborn', async () => {
      handlerStarted();
      await held; // never looks at its signal
      stubbornEnded = true;
    }, { queue: 'batches' });
    const stopping = new JobRunner(db.db, registry, log, options);
    const ends: string[] = [];
    stopping.onJobEnd = (name, outcome) => ends.push(`${name} ${outcome}`);
    const id = await enqueue(db.db, 'stubborn', {});
    stopping.start();
    await started;
    const began = Date.now();
    await stopping.stop({ release: true, waitMs: 300 });
    const took = Date.now() - began;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
    expect(stubbornEnded).toBe(false);
    expect(stopping.activeJobs).toEqual([]);
    expect(ends).toEqual(['stubborn lost']);
    expect(await jobRow(db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lastError: RELEASED_ERROR });
    // a second stop (app.close() after the shutdown's) does not wait for that handler either
    await stopping.stop();

    // the other instance runs it to the end; then the stubborn handler returns: its outcome is not written
    const quick = new JobRegistry();
    quick.register('stubborn', async () => {}, { queue: 'batches' });
    const taking = new JobRunner(other.db, quick, log, options);
    expect(await taking.runOne()).toBe(true);
    const done = await jobRow(db, id);
    expect(done).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    finish();
    await waitFor(async () => stubbornEnded, 'the stubborn handler returned');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await jobRow(db, id)).toEqual(done);
    expect(ends).toEqual(['stubborn lost']);
  });

  it('a job claimed while a shutdown stops the runner is given back unrun', async () => {
    const registry = new JobRegistry();
    let ran = false;
    registry.register('late', async () => {
      ran = true;
    }, { queue: 'batches' });
    const runner = new JobRunner(db.db, registry, log, options);
    runner.start();
    await runner.stop({ release: true });
    const id = await enqueue(db.db, 'late', {});
    // drain() after the stop: the claim finds the runner releasing, gives the job back and claims nothing more
    expect(await runner.drain()).toBe(0);
    expect(ran).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lastError: RELEASED_ERROR });
    await db.db.delete(jobs).where(eq(jobs.id, id));
  });

  it("logs a renewal's database error without stopping the handler, and renews again", async () => {
    const lines: Array<{ msg?: string; level?: number }> = [];
    const logged = Fastify({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(JSON.parse(chunk.toString()) as { msg?: string });
            done();
          },
        }),
      },
    }).log;
    // the database fails the first two renewals (a connection dropped), then answers again
    const dialect = new PgDialect();
    let renewals = 0;
    const flaky = new Proxy(db.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (query: SQL) => {
          if (dialect.sqlToQuery(query).sql.includes('SET locked_at = now()')) {
            renewals += 1;
            if (renewals <= 2) throw new Error('connection terminated');
          }
          return target.execute(query);
        };
      },
    });
    const registry = new JobRegistry();
    let signalOfRun: AbortSignal | undefined;
    registry.register('patient', async (_payload, { signal }) => {
      signalOfRun = signal;
      await waitFor(async () => renewals >= 4, 'four renewals');
    }, { queue: 'batches' });
    const runner = new JobRunner(flaky, registry, logged, options);
    const id = await enqueue(db.db, 'patient', {});
    expect(await runner.drain()).toBe(1);
    expect(signalOfRun?.aborted).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(lines.filter((line) => line.msg === 'job lease renewal failed')).toHaveLength(2);
  });
});

describe.each(DRIVERS)('batch jobs that lose their lease (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver, 'seeded');
  });
  afterAll(() => db.close());

  /** a batch of ACME, as the API makes it (PENDING, no cards yet) */
  const addBatch = async (lot: string, quantity: number) => {
    const typologyId = await addTypology(db.db);
    const companyId = await companyIdOf(db.db, 'ACME');
    await db.db.execute(sql`
      INSERT INTO card_batches (company_id, typology_id, lot_number, quantity, user_id, status)
      VALUES (${companyId}, ${typologyId}, ${lot}, ${quantity}, (SELECT id FROM users WHERE email = 'admin@tessera.test'), 'PENDING')`);
    return (await batchOf(lot)).id;
  };
  const batchOf = async (lot: string) =>
    (
      await queryRows<{ id: string; archive_status: string | null; archive_count: number; status: string; generated_count: number; quantity: number }>(
        db.db,
        sql`SELECT id, archive_status, archive_count, status, generated_count, quantity FROM card_batches WHERE lot_number = ${lot}`,
      )
    )[0];

  it('the archive stops when its signal aborts mid-file and leaves no file in the storage', async () => {
    const memory = createMemoryStorage();
    const lease = new AbortController();
    // the lease is lost as soon as the storage has taken the PDF's first bytes
    const files: FileStorage = {
      ...memory,
      put: (key, body, contentType) =>
        memory.put(
          key,
          (async function* () {
            for await (const chunk of chunksOf(body)) {
              yield chunk;
              lease.abort(new DOMException('lease lost', 'AbortError'));
            }
          })(),
          contentType,
        ),
    };
    const id = await addBatch('LEASE-PDF', 500);
    await generateBatchCards(db.db, id);
    await db.db.execute(sql`UPDATE card_batches SET archive_status = 'PENDING' WHERE id = ${id}`);
    const key = archiveKey(`batch-${id}.pdf`);
    await expect(makeArchive(db.db, files, id, 'en', lease.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(await memory.size(key)).toBeNull();
    // no progress written after the abort; the batch is left to the job's new owner
    expect(await batchOf('LEASE-PDF')).toMatchObject({ archive_status: 'IN_PROGRESS', archive_count: 0 });

    // the new owner's run makes the whole file
    await makeArchive(db.db, files, id, 'en', new AbortController().signal);
    expect(await memory.size(key)).toBeGreaterThan(0);
    expect(await batchOf('LEASE-PDF')).toMatchObject({ archive_status: 'COMPLETED', archive_count: 500 });
  });

  it('the cleanup deletes no batch once its signal has aborted; the next run deletes the rest', async () => {
    const id = await enqueue(db.db, 'long.finished', {});
    await db.db.execute(sql`UPDATE jobs SET status = 'done', finished_at = now() - interval '400 days' WHERE id = ${id}`);
    const retention = { intervalMinutes: 60, finishedJobsDays: 30, expiredRefreshTokensDays: 7, idempotencyKeyHours: 24, auditDays: 365, emailsDays: 90 };
    const shutdown = new AbortController();
    shutdown.abort(new DOMException(SHUTDOWN_REASON, 'AbortError'));
    await expect(runCleanup(db.db, retention, 900, shutdown.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(await jobRow(db, id)).toMatchObject({ status: 'done' });
    expect((await runCleanup(db.db, retention, 900)).jobs).toBeGreaterThanOrEqual(1);
    expect(await jobRow(db, id)).toBeUndefined();
  });

  it('batch generation starts no chunk after its signal aborts; the new owner makes the rest', async () => {
    const id = await addBatch('LEASE-GEN', 6000);
    const lease = new AbortController();
    const codes = (count: number) => {
      lease.abort(new DOMException('lease lost', 'AbortError')); // while the first chunks are written
      return generateCardCodes(count);
    };
    await expect(generateBatchCards(db.db, id, { codes, signal: lease.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const stopped = await batchOf('LEASE-GEN');
    // chunks of 1,000, at most two under way when it aborted
    expect(stopped.status).toBe('IN_PROGRESS');
    expect(stopped.generated_count).toBeGreaterThan(0);
    expect(stopped.generated_count).toBeLessThanOrEqual(2000);

    await generateBatchCards(db.db, id);
    expect(await batchOf('LEASE-GEN')).toMatchObject({ status: 'COMPLETED', generated_count: 6000 });
    const [range] = await queryRows<{ n: number; span: number }>(
      db.db,
      sql`SELECT count(*)::int AS n, (max(progressive) - min(progressive))::int AS span FROM gift_cards WHERE lot_number = 'LEASE-GEN'`,
    );
    expect(range).toEqual({ n: 6000, span: 5999 });
  });
});
