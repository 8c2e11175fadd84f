import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { auditEvents, idempotencyKeys, jobs, rateLimits, refreshTokens, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { DRIVERS } from '../test/db';
import { ShiftableClock } from '../lib/clock';
import { createDiskStorage } from '../lib/files.disk';
import { CLEANUP_JOB, scheduleCleanup } from './cleanup';

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe.each(DRIVERS)('cleanup job and retention (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { RETENTION_JOBS_DAYS: '30', RETENTION_REFRESH_TOKENS_DAYS: '7', IDEMPOTENCY_KEY_TTL_HOURS: '24', RETENTION_AUDIT_DAYS: '365', CLEANUP_INTERVAL_MINUTES: '60' } });
  });
  afterAll(() => t.close());

  it('deletes finished jobs, long-expired refresh tokens, expired idempotency keys, old audit rows and long-ended rate-limit windows, keeps the rest, and queues the next run', async () => {
    const db = t.db.db;
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).limit(1);
    await db.insert(jobs).values([
      { name: 'old.done', status: 'done', finishedAt: ago(31 * 24) },
      { name: 'old.failed', status: 'failed', finishedAt: ago(40 * 24) },
      { name: 'recent.done', status: 'done', finishedAt: ago(24) },
      { name: 'old.queued', status: 'queued', runAt: ago(-24 * 365), createdAt: ago(60 * 24) },
    ]);
    const token = (hash: string, expiresAt: Date) => ({ userId, familyId: crypto.randomUUID(), tokenHash: hash, expiresAt });
    await db.insert(refreshTokens).values([token('gone', ago(8 * 24)), token('just-expired', ago(24)), token('live', ago(-24))]);
    const key = (k: string, createdAt: Date, lease: Date | null = null) => ({ key: k, userId, route: 'r', requestHash: 'h', createdAt, leaseOwner: lease ? 'x' : null, leaseExpiresAt: lease });
    await db.insert(idempotencyKeys).values([key('expired', ago(25)), key('fresh', ago(1)), key('old-but-running', ago(25), ago(-1))]);
    await db.insert(auditEvents).values([
      { kind: 'sign_in', createdAt: ago(366 * 24) },
      { kind: 'sign_in', createdAt: ago(10 * 24) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'ended-2h-ago', count: 3, resetAt: ago(2) },
      { key: 'ended-just-now', count: 3, resetAt: ago(0.1) },
      { key: 'live', count: 1, resetAt: ago(-0.2) },
    ]);

    await scheduleCleanup(db, 0);
    await scheduleCleanup(db, 0); // a second instance starting: still one queued
    expect(await queryRows(db, sql`SELECT id FROM jobs WHERE name = ${CLEANUP_JOB} AND status = 'queued'`)).toHaveLength(1);
    await t.app.ctx.jobs.drain();

    const names = (await db.select({ name: jobs.name }).from(jobs)).map((r) => r.name).filter((n) => n !== CLEANUP_JOB);
    expect(names.sort()).toEqual(['old.queued', 'recent.done']);
    const hashes = (await db.select({ h: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.h);
    expect(hashes).not.toContain('gone');
    expect(hashes).toEqual(expect.arrayContaining(['just-expired', 'live']));
    expect((await db.select({ k: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.k).sort()).toEqual(['fresh', 'old-but-running']);
    expect(await queryRows(db, sql`SELECT 1 FROM audit_events WHERE created_at < now() - interval '365 days'`)).toEqual([]);
    expect(await queryRows(db, sql`SELECT 1 FROM audit_events WHERE created_at > now() - interval '11 days' AND created_at < now() - interval '9 days'`)).toHaveLength(1);
    expect((await db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k).sort()).toEqual(['ended-just-now', 'live']);

    const next = await queryRows<{ status: string; due: boolean }>(db, sql`SELECT status, run_at > now() + interval '59 minutes' AS due FROM jobs WHERE name = ${CLEANUP_JOB} ORDER BY created_at`);
    expect(next).toEqual([
      { status: 'done', due: false },
      { status: 'queued', due: true },
    ]);
  });

  it('with the business clock moved a day forward, runs once and queues its successor an interval after that clock (no loop)', async () => {
    const clock = new ShiftableClock();
    const shifted = await createTestApp(driver, { seed: false, build: { clock }, env: { CLEANUP_INTERVAL_MINUTES: '60' } });
    try {
      const db = shifted.db.db;
      await scheduleCleanup(db, 0, clock.now());
      const tomorrow = clock.advanceTo(new Date(Date.now() + 24 * 3_600_000));
      // one run: its successor is due an hour after the moved clock, not at once again and again
      expect(await shifted.app.ctx.jobs.drain()).toBe(1);
      const [next] = await queryRows<{ run_at: Date | string }>(db, sql`SELECT run_at FROM jobs WHERE name = ${CLEANUP_JOB} AND status = 'queued'`);
      expect(new Date(next.run_at).getTime()).toBeGreaterThanOrEqual(tomorrow.getTime() + 59 * 60_000);
    } finally {
      await shifted.close();
    }
  });

  it('sweeps the file storage\'s unfinished writes older than the bound (the business clock\'s), and still queues its successor when the storage fails', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tessera-cleanup-'));
    const clock = new ShiftableClock();
    const files = createDiskStorage(root);
    const swept = await createTestApp(driver, { seed: false, build: { clock, files }, env: { CLEANUP_INTERVAL_MINUTES: '60' } });
    try {
      const db = swept.db.db;
      mkdirSync(path.join(root, 'reports'), { recursive: true });
      const killed = path.join(root, 'reports', `.r.csv.${crypto.randomUUID()}.part`);
      const live = path.join(root, 'reports', `.s.csv.${crypto.randomUUID()}.part`);
      writeFileSync(killed, 'half');
      writeFileSync(live, 'half');
      const old = new Date(Date.now() - 2 * 3_600_000);
      utimesSync(killed, old, old);
      await scheduleCleanup(db, 0, clock.now());
      expect(await swept.app.ctx.jobs.drain()).toBe(1);
      expect(readdirSync(path.join(root, 'reports'))).toEqual([path.basename(live)]);

      // the storage failing: said in the log, the tables cleaned all the same, the next run queued
      files.sweepUnfinished = () => Promise.reject(new Error('the storage is down'));
      clock.advanceTo(new Date(Date.now() + 2 * 3_600_000));
      expect(await swept.app.ctx.jobs.drain()).toBe(1);
      const runs = await queryRows<{ status: string }>(db, sql`SELECT status FROM jobs WHERE name = ${CLEANUP_JOB} ORDER BY created_at`);
      expect(runs.map((run) => run.status)).toEqual(['done', 'done', 'queued']);
    } finally {
      await swept.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
