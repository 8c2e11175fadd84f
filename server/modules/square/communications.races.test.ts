import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '../../db/client';
import { openPostgres } from '../../db/postgres';
import { enqueue } from '../../jobs/queue';
import { loadConfig } from '../../config';
import { createTransport } from '../../mail/smtp';
import { createTestApp, type TestApp } from '../../test/app';
import { companyIdOf } from '../../test/builders';
import { CONCURRENT_DRIVERS } from '../../test/db';
import { claimDueCommunications } from './communications-queue.repository';
import { sendDueCommunications, type SenderDeps } from './communications.sender';
import { addOrderWithMails, startSmtp, withCommunications, type TestSmtp } from '../../test/support/square-communications';
import { SQUARE_MAIL_JOB } from './mail-queue';

/** Races on a real PostgreSQL: senders on two connection pools (two instances) send each e-mail once. */
describe.each(CONCURRENT_DRIVERS)('square communications races (%s)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let otherPool: DbHandle;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(driver, { build: { mailTransport: createTransport(smtp.url, loadConfig({}).smtp) } });
    await withCommunications(t.app);
    // another instance's pool on the same database
    otherPool = openPostgres((t.db as DbHandle & { url: string }).url);
  });
  afterAll(async () => {
    await otherPool.close();
    await t.close();
    await smtp.close();
  });

  it('200 queued e-mails, two senders on two pools and the job at once: each recipient receives one message, each row one try', async () => {
    const recipients = Array.from({ length: 200 }, (_, i) => `r${i}@race.test`);
    const acme = await companyIdOf(t.db.db, 'ACME');
    const { orderId } = await addOrderWithMails(t.db.db, acme, recipients);
    const deps = (db: SenderDeps['db']): SenderDeps => ({ db, clock: t.app.ctx.clock, transport: createTransport(smtp.url, loadConfig({}).smtp), from: 'test@tessera.test', log: t.app.log });
    await enqueue(t.db.db, SQUARE_MAIL_JOB, {});

    // small batches, so the runners' claims interleave: two per pool, and the job
    await Promise.all([
      ...[t.db.db, t.db.db, otherPool.db, otherPool.db].map((db) => sendDueCommunications(deps(db), undefined, 5)),
      t.app.ctx.jobs.drain(),
    ]);

    const got = smtp.received.filter((to) => to.endsWith('@race.test'));
    expect(got).toHaveLength(200);
    expect(new Set(got).size).toBe(200);
    const [rows] = await queryRows<{ sent: string; tries: string; sends: string }>(
      t.db.db,
      sql`SELECT count(*) FILTER (WHERE status = 'SENT' AND tries = 1) AS sent, sum(tries) AS tries,
            (SELECT count(*) FROM square_communication_sends s JOIN square_communications m ON m.id = s.communication_id WHERE m.order_id = ${orderId}) AS sends
          FROM square_communications WHERE order_id = ${orderId}`,
    );
    expect({ sent: Number(rows.sent), tries: Number(rows.tries), sends: Number(rows.sends) }).toEqual({ sent: 200, tries: 200, sends: 200 });
  });

  it('a claim while another runner\'s claim is not yet committed takes other rows, without waiting for it', async () => {
    const acme = await companyIdOf(t.db.db, 'ACME');
    const { orderId } = await addOrderWithMails(t.db.db, acme, Array.from({ length: 20 }, (_, i) => `c${i}@claim.test`));
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let claimedFirst!: (ids: string[]) => void;
    const firstIds = new Promise<string[]>((resolve) => (claimedFirst = resolve));
    const first = t.db.db.transaction(async (tx) => {
      claimedFirst((await claimDueCommunications(tx, now, lease, 10)).map((r) => r.id));
      await committed;
    });
    const held = await firstIds;
    // the other instance claims while the first still holds its rows: it must neither wait for them nor take them
    const other = claimDueCommunications(otherPool.db, now, lease, 10).then((rows) => rows.map((r) => r.id));
    let settled = false;
    void other.finally(() => (settled = true));
    let waited = false;
    while (!settled && !waited) {
      const [row] = await queryRows<{ n: string }>(t.db.db, sql`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
      waited = Number(row.n) > 0;
    }
    commit();
    await first;
    const otherIds = await other;
    expect(waited).toBe(false);
    expect(held).toHaveLength(10);
    expect(new Set([...held, ...otherIds]).size).toBe(20);
    const [left] = await queryRows<{ n: string }>(t.db.db, sql`SELECT count(*) AS n FROM square_communications WHERE order_id = ${orderId} AND status <> 'SENDING'`);
    expect(Number(left.n)).toBe(0);
  });
});
