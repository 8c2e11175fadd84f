import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '../db/client';
import { jobs } from '../db/schema';
import { CONCURRENT_DRIVERS, DRIVERS, createTestDb } from '../test/db';
import { waitFor } from '../test/processes';
import { enqueue } from './queue';
import { FailNow, JobRegistry, RetryLater } from './registry';
import { JobRunner } from './runner';
import { ShiftableClock } from '../lib/clock';

const log = Fastify({ logger: { level: 'silent' } }).log;
const options = { pollIntervalMs: 20, staleAfterSeconds: 60, backoffBaseMs: 10 };

async function jobRow(db: DbHandle, id: string) {
  const [row] = await db.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}


describe.each(DRIVERS)('job runner (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  it('retries a failing job with backoff until it succeeds', async () => {
    const registry = new JobRegistry();
    const attempts: number[] = [];
    registry.register('flaky', async (payload, { attempt }) => {
      attempts.push(attempt);
      expect(payload).toEqual({ n: 1 });
      if (attempt < 3) throw new Error(`boom ${attempt}`);
    }, { queue: 'reports' });
    const runner = new JobRunner(db.db, registry, log, options);
    const ends: string[] = [];
    runner.onJobEnd = (name, outcome, seconds) => ends.push(`${name} ${outcome} ${seconds >= 0}`);
    const id = await enqueue(db.db, 'flaky', { n: 1 });
    runner.start();
    try {
      await waitFor(async () => (await jobRow(db, id)).status === 'done', 'the job done');
    } finally {
      await runner.stop();
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect(ends).toEqual(['flaky retry true', 'flaky retry true', 'flaky done true']);
    expect(runner.activeJobs).toEqual([]);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 3, lastError: null, lockedBy: null });
  });

  it('retries within a retry window whatever max_attempts says: set when queued, moved on by RetryLater; past it the job fails; FailNow fails at once', async () => {
    const registry = new JobRegistry();
    const clock = new ShiftableClock();
    const seen: Array<{ attempt: number; lastAttempt: boolean }> = [];
    let rule: (attempt: number) => Error | null = () => null;
    registry.register('windowed', async (_payload, { attempt, lastAttempt }) => {
      seen.push({ attempt, lastAttempt });
      const err = rule(attempt);
      if (err) throw err;
    }, { queue: 'reports' });
    // a minute doubling: one drain makes one try
    const runner = new JobRunner(db.db, registry, log, { ...options, backoffBaseMs: 60_000, now: () => clock.now() });
    /** runs the job's tries due within the next hour of the business clock */
    const runFor = async (id: string) => {
      for (let i = 0; i < 12 && (await jobRow(db, id)).status === 'queued'; i++) {
        clock.advanceTo(new Date(clock.now().getTime() + 3_600_000));
        await runner.drain();
      }
    };

    // a database error (any failure) inside the window queued with the job: retried past max_attempts 2
    rule = (attempt) => (attempt <= 4 ? new Error('connection terminated') : null);
    const windowed = await enqueue(db.db, 'windowed', {}, { maxAttempts: 2, retryUntil: new Date(clock.now().getTime() + 48 * 3_600_000) });
    await runFor(windowed);
    expect(await jobRow(db, windowed)).toMatchObject({ status: 'done', attempts: 5 });
    expect(seen.every((try_) => !try_.lastAttempt)).toBe(true);

    // RetryLater moves the window on: the job is never failed inside it, then fails past it
    seen.length = 0;
    const until = new Date(clock.now().getTime() + 3 * 3_600_000);
    rule = () => new RetryLater('the mail server said 451', until);
    const deferred = await enqueue(db.db, 'windowed', {}, { maxAttempts: 1 });
    await runner.drain();
    expect(await jobRow(db, deferred)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the mail server said 451' });
    expect((await jobRow(db, deferred)).retryUntil?.toISOString()).toBe(until.toISOString());
    await runFor(deferred);
    const ended = await jobRow(db, deferred);
    expect(ended.status).toBe('failed');
    // tried about once an hour until the window closed. The first try was its last as far as the
    // runner knew (one attempt, no window yet); the ones inside the window were not; the one past it was
    expect(seen.map((try_) => try_.lastAttempt)).toEqual([true, false, false, true]);

    // FailNow: no retry, whatever attempts and window are left
    rule = () => new FailNow('the template is gone');
    const failing = await enqueue(db.db, 'windowed', {}, { maxAttempts: 5, retryUntil: new Date(clock.now().getTime() + 3_600_000) });
    await runner.drain();
    expect(await jobRow(db, failing)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the template is gone' });
  });

  it('a stale job inside its retry window is queued again, not failed, however many attempts it made', async () => {
    const registry = new JobRegistry();
    registry.register('stale-windowed', async () => undefined, { queue: 'reports' });
    const runner = new JobRunner(db.db, registry, log, { ...options, staleAfterSeconds: 1 });
    const inside = await enqueue(db.db, 'stale-windowed', {}, { maxAttempts: 1, retryUntil: new Date(Date.now() + 3_600_000) });
    const outside = await enqueue(db.db, 'stale-windowed', {}, { maxAttempts: 1 });
    // both claimed by a worker that died: attempts used up, locks an hour old
    await db.db.execute(sql`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'worker-dead', locked_at = now() - interval '1 hour' WHERE id IN (${inside}, ${outside})`);
    await runner.drain();
    expect(await jobRow(db, inside)).toMatchObject({ status: 'done', attempts: 2 });
    expect((await jobRow(db, outside)).status).toBe('failed');
  });

  it('runs a job when the business clock reaches its time, not before', async () => {
    const registry = new JobRegistry();
    const ran: string[] = [];
    registry.register('planned', async (payload) => {
      ran.push((payload as { what: string }).what);
    }, { queue: 'reports' });
    const clock = new ShiftableClock();
    const runner = new JobRunner(db.db, registry, log, { ...options, now: () => clock.now() });
    const at = new Date(Date.now() + 24 * 3600 * 1000);
    const id = await enqueue(db.db, 'planned', { what: 'tomorrow 08:00' }, { runAt: at });
    expect(await runner.drain()).toBe(0);
    expect((await jobRow(db, id)).status).toBe('queued');
    clock.advanceTo(new Date(at.getTime() + 1000));
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual(['tomorrow 08:00']);
    expect((await jobRow(db, id)).status).toBe('done');
  });

  it('gives up after max attempts and keeps the last error', async () => {
    const registry = new JobRegistry();
    registry.register('broken', async () => {
      throw new Error('always broken');
    }, { queue: 'reports' });
    const runner = new JobRunner(db.db, registry, log, { ...options, backoffBaseMs: 0 });
    const outcomes: string[] = [];
    runner.onJobEnd = (_name, outcome) => outcomes.push(outcome);
    const id = await enqueue(db.db, 'broken', {}, { maxAttempts: 2 });
    while (await runner.runOne()) {
      // drain, including the immediate retry
    }
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'always broken' });
    expect(outcomes).toEqual(['retry', 'failed']);
  });


  it('keeps a database error as its SQL and code in last_error, never the values it was given (personal data)', async () => {
    const email = 'giulia.bianchi.private@example.test';
    const registry = new JobRegistry();
    registry.register('db-broken', async () => {
      // a real database error whose query carries personal data as a parameter
      await db.db.execute(sql`SELECT ${email}::int`);
    }, { queue: 'reports' });
    const runner = new JobRunner(db.db, registry, log, { ...options, backoffBaseMs: 0 });
    const id = await enqueue(db.db, 'db-broken', {}, { maxAttempts: 1 });
    while (await runner.runOne()) {
      // drain
    }
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.lastError).toContain('$1');
    expect(row.lastError).not.toContain(email);
  });
  it('fails jobs nobody handles instead of losing them silently', async () => {
    const runner = new JobRunner(db.db, new JobRegistry(), log, options);
    const id = await enqueue(db.db, 'unknown.job', {}, { maxAttempts: 1 });
    await runner.drain();
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', lastError: 'no handler registered for job "unknown.job"' });
  });

  it('enqueues inside the caller transaction: a rollback leaves no job', async () => {
    const before = (await db.db.select().from(jobs)).length;
    await expect(
      db.db.transaction(async (tx) => {
        await enqueue(tx, 'rolled.back', {});
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.db.select().from(jobs)).length).toBe(before);
  });

  it('names the job under way in activeJobs while its handler runs, and clears it after', async () => {
    const registry = new JobRegistry();
    let seen: unknown;
    const runner = new JobRunner(db.db, registry, log, options);
    registry.register('watched', async () => {
      seen = runner.activeJobs;
    }, { queue: 'reports' });
    const id = await enqueue(db.db, 'watched', {});
    expect(runner.activeJobs).toEqual([]);
    expect(await runner.drain()).toBe(1);
    expect(seen).toEqual([{ id, name: 'watched', queue: 'reports', since: expect.any(Date) }]);
    expect(runner.activeJobs).toEqual([]);
  });

  it('does not run jobs before their time', async () => {
    const registry = new JobRegistry();
    let ran = false;
    registry.register('later', async () => {
      ran = true;
    }, { queue: 'reports' });
    const runner = new JobRunner(db.db, registry, log, options);
    const id = await enqueue(db.db, 'later', {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await runner.drain()).toBe(0);
    expect(ran).toBe(false);
    await db.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('re-queues a job whose worker died (stale lock) and runs it', async () => {
    const registry = new JobRegistry();
    let runs = 0;
    registry.register('orphan', async () => {
      runs += 1;
    }, { queue: 'reports' });
    const id = await enqueue(db.db, 'orphan', {});
    await db.db.execute(sql`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-worker', locked_at = now() - interval '2 hours' WHERE id = ${id}`);
    const runner = new JobRunner(db.db, registry, log, options);
    await runner.drain();
    expect(runs).toBe(1);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('wakes at once when told a job was committed', async () => {
    const registry = new JobRegistry();
    let done = false;
    registry.register('wake', async () => {
      done = true;
    }, { queue: 'reports' });
    const runner = new JobRunner(db.db, registry, log, { ...options, pollIntervalMs: 60_000 });
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // first (empty) poll is over
      await enqueue(db.db, 'wake', {});
      runner.wake();
      await waitFor(async () => done, 'the woken job run', 3000);
    } finally {
      await runner.stop();
    }
  });
});

describe.each(CONCURRENT_DRIVERS)('job runners sharing a queue (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  it('never processes one job twice with two runners', async () => {
    const seen = new Map<string, number>();
    const registry = new JobRegistry();
    registry.register('count', async (payload) => {
      const { n } = payload as { n: string };
      seen.set(n, (seen.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    }, { queue: 'reports' });
    const total = 120;
    await db.db.insert(jobs).values(Array.from({ length: total }, (_, i) => ({ name: 'count', payload: { n: String(i) } })));
    const runners = [0, 1, 2].map(() => new JobRunner(db.db, registry, log, { ...options, pollIntervalMs: 5 }));
    runners.forEach((r) => r.start());
    try {
      await waitFor(async () => (await db.db.select().from(jobs).where(eq(jobs.status, 'done'))).length === total, 'every job done', 30_000);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect(seen.size).toBe(total);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    const [retried] = await queryRows<{ n: string }>(db.db, sql`SELECT count(*) AS n FROM jobs WHERE attempts <> 1`);
    expect(Number(retried.n)).toBe(0);
  });
});
