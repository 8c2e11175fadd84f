import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateGiftcards } from '../../../bench/giftcards-data';
import type { GeneratedReport } from '../../../domain/schemas/reports';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { CONCURRENT_DRIVERS, createTestDb } from '../../test/db';
import { killProcess, signInOverHttp, startServerProcess, waitFor, type RunningServer } from '../../test/processes';
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '../../test/s3rver';

/** ledger rows of the report: about 110 bytes of CSV each, so ~16 MB written over a few seconds (more than one 8 MiB S3 part) */
const ROWS = 150_000;
const STALE_SECONDS = 2;
const BUCKET = 'tessera-reports';
const DAY = 86_400_000;

/** every file under a folder, relative */
function listed(root: string, under = ''): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(root, under), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => (entry.isDirectory() ? listed(root, path.join(under, entry.name)) : [path.join(under, entry.name)]));
}

/**
 * Issue 41: a server process killed (SIGKILL) in the middle of a large report leaves its unfinished
 * write in the file storage — on disk the temporary `.part` file, in a bucket the multipart upload
 * (its parts) and its heartbeat marker. Restarted, the server finishes the report; the cleanup job
 * (made due by moving the business clock past the sweep's bound) removes the debris: no temporary
 * file, no pending upload, nothing but the report's file.
 */
describe.each(CONCURRENT_DRIVERS)('a report killed mid-file leaves no debris once the cleanup ran (%s)', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let s3: TestS3;
  let acme: string;
  const folders: string[] = [];
  const running: RunningServer[] = [];
  /** the business clock is moved forward a day more by each test (a clock never goes back, and the next cleanup is queued an interval after the moved one) */
  let days = 0;

  const folder = (prefix: string) => {
    const made = mkdtempSync(path.join(tmpdir(), prefix));
    folders.push(made);
    return made;
  };

  beforeAll(async () => {
    db = await createTestDb('postgres');
    await seedDemoData(db.db);
    const [ids] = await queryRows<{ acme: string; nord: string }>(db.db, sql`SELECT (SELECT id FROM companies WHERE code = 'ACME') AS acme, (SELECT id FROM companies WHERE code = 'ACME-NORD') AS nord`);
    acme = ids.acme;
    const [typology] = await queryRows<{ id: string }>(
      db.db,
      sql`INSERT INTO card_typologies (name, type, value_cents, sku, expiration_type, expiration_months) VALUES ('Crash 50', 'PHYSICAL', 5000, 'CRASH-50', 'MONTHS_FROM_ACTIVATION', 12) RETURNING id`,
    );
    const [store] = await queryRows<{ id: string }>(
      db.db,
      sql`INSERT INTO stores (company_id, code, name, store_category_id, is_default_activation) VALUES (${acme}, 'CRASH-S', 'Crash store', 'RETAIL', true) RETURNING id`,
    );
    // as the reports benchmark seeds its ledger (bench/giftcards-data.ts): one row per card, written by the database
    await generateGiftcards(db.db, { acmeId: ids.acme, nordId: ids.nord, typologyId: typology.id, storeId: store.id, cards: ROWS, perCard: 1, log: () => undefined });
    await db.db.execute(sql`ANALYZE`);
    s3 = await startS3rver(folder('tessera-s3-'));
    await new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS }).send(new CreateBucketCommand({ Bucket: BUCKET }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(running.map(killProcess));
    await s3?.server.close();
    await db?.close();
    folders.forEach((made) => rmSync(made, { recursive: true, force: true }));
  });

  const env = (storage: 'disk' | 's3'): Record<string, string> => ({
    NODE_ENV: 'test',
    TEST_CLOCK: '1',
    JOBS_POLL_INTERVAL_MS: '100',
    JOBS_STALE_AFTER_SECONDS: String(STALE_SECONDS),
    ...(storage === 's3'
      ? {
          FILE_STORAGE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: BUCKET,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        }
      : {}),
  });
  const start = async (dataDir: string, storage: 'disk' | 's3') => {
    const server = await startServerProcess(db.url!, dataDir, env(storage));
    running.push(server);
    return server;
  };

  async function report(base: string, token: string, id: string): Promise<GeneratedReport> {
    const answer = await fetch(`${base}/api/company/${acme}/giftcard/report-generated?range=${encodeURIComponent('[0,24]')}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as GeneratedReport[]).find((found) => found.id === id)!;
  }

  /** the storage's content: debris (temporary files, pending uploads, markers) and finished files */
  const storages = {
    disk: (dataDir: string) => {
      const files = listed(dataDir, 'reports');
      return { debris: files.filter((file) => file.endsWith('.part')), files: files.filter((file) => !file.endsWith('.part')) };
    },
    s3: async () => {
      const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
      const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      client.destroy();
      const keys = Contents.map((object) => object.Key!);
      const uploads = s3.pendingUploads(BUCKET).map((id) => `(multipart upload ${id})`);
      return { debris: [...uploads, ...keys.filter((key) => key.startsWith('.'))], files: keys.filter((key) => !key.startsWith('.')) };
    },
  };

  it.each(['disk', 's3'] as const)('%s', { timeout: 90_000 }, async (storage) => {
    try {
      await killedAndRestarted(storage);
    } finally {
      // none of this test's servers may take the next one's report
      await Promise.all(running.splice(0).map(killProcess));
    }
  });

  async function killedAndRestarted(storage: 'disk' | 's3') {
    const dataDir = folder(`tessera-report-kill-${storage}-`);
    const contents = async () => (storage === 'disk' ? storages.disk(dataDir) : await storages.s3());
    const first = await start(dataDir, storage);
    const token = await signInOverHttp(first.base, 'operator@acme.test', DEMO_PASSWORD);
    const to = new Date();
    const from = new Date(to.getTime() - 365 * DAY);
    // the days as the report reads them, in its time zone: the newest ledger rows are minutes old,
    // and between 23:00 and 24:00 UTC Rome is a day ahead already
    const day = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
    const generated = await fetch(`${first.base}/api/company/${acme}/giftcard/report/giftcard-transactions/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ parameters: { dateFrom: day(from), dateTo: day(to), type: '', companyId: '', includeSubCompanies: true }, language: 'it', timeZone: 'Europe/Rome' }),
    });
    expect(generated.status).toBe(202);
    const { id } = (await generated.json()) as GeneratedReport;

    // mid-file: the write has begun (on s3, its multipart upload: more than a part written) and not ended
    await waitFor(async () => (await contents()).debris.length > 0, 'the report writing its file', 60_000);
    await killProcess(first);
    const left = await contents();
    expect(left.debris.length).toBeGreaterThan(0);
    expect(left.files).toEqual([]);
    expect(await queryRows(db.db, sql`SELECT state FROM generated_reports WHERE id = ${id}`)).toEqual([{ state: 'running' }]);
    const second = await start(dataDir, storage);

    // the restarted server takes the job over (its worker's lease stale) and writes the report whole
    await waitFor(async () => (await report(second.base, token, id)).state === 'ready', 'the report finished after the restart', 60_000);
    const done = await report(second.base, token, id);
    expect(done.rowCount).toBe(ROWS);
    // the killed write's debris is still there: nothing but the cleanup removes it
    expect((await contents()).debris).toEqual(expect.arrayContaining(left.debris));

    // the business clock a day on (past the sweep's bound, UNFINISHED_AFTER_MS): the queued cleanup is due and runs
    days += 1;
    const moved = await fetch(`${second.base}/api/test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: new Date(Date.now() + days * DAY).toISOString() }) });
    expect(moved.status).toBe(200);
    await waitFor(async () => (await contents()).debris.length === 0, 'the cleanup swept the debris', 30_000);
    // and the cleanup ran to its end (its other sweeps after the files' included): done, not failed
    const cleanupsDone = async () => Number((await queryRows<{ n: string }>(db.db, sql`SELECT count(*) AS n FROM jobs WHERE name = 'maintenance.cleanup' AND status = 'done'`))[0].n);
    await waitFor(async () => (await cleanupsDone()) >= 1, 'the cleanup done', 30_000);
    expect((await contents()).files).toEqual([storage === 'disk' ? path.join('reports', `${id}.csv`) : `reports/${id}.csv`]);
    // and the report still downloads whole
    const download = await fetch(`${second.base}/api/company/${acme}/giftcard/report-generated/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(done.sizeBytes);
  }
});
