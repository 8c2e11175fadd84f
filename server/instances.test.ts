import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { newIdentityPem } from './lib/key-material';
import { DEMO_PASSWORD, seedDemoData } from './seed/demo';
import { companyIdOf } from './test/builders';
import { CONCURRENT_DRIVERS, createTestDb } from './test/db';
import { killProcess, signInOverHttp, startServerProcess, waitFor, type RunningServer } from './test/processes';
import { addTypology } from './test/support/giftcards';

const STALE_SECONDS = 2;
const BUCKET = 'tessera-files';
const METRICS_TOKEN = 'instances-metrics-token-0123456789';

/** the sum of every sample of `name` in a Prometheus text whose labels contain `part` */
function total(text: string, name: string, part = ''): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(part))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/**
 * Issue 17: two real server processes behind a round-robin proxy, on one PostgreSQL database and
 * one S3-compatible store (s3rver, started here), each with a DATA_DIR of its own — what a load
 * balancer in front of two machines gives. Files, limits and jobs must behave as with one.
 */
describe.each(CONCURRENT_DRIVERS)('two instances behind a load balancer (%s)', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  const folders: string[] = [];
  let s3: S3rver;
  let proxy: Server;
  let viaProxy: string;
  const servers: RunningServer[] = [];
  let acme: string;
  let typologyId: string;
  let token: string;

  const folder = (prefix: string) => {
    const made = mkdtempSync(path.join(tmpdir(), prefix));
    folders.push(made);
    return made;
  };

  beforeAll(async () => {
    db = await createTestDb('postgres');
    await seedDemoData(db.db);
    acme = await companyIdOf(db.db, 'ACME');
    typologyId = await addTypology(db.db, { valueCents: 2500, expirationMonths: 12 });

    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: folder('tessera-s3-') });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    await new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials }).send(new CreateBucketCommand({ Bucket: BUCKET }));

    // the load balancer: each request to the next instance in turn
    let turn = 0;
    proxy = createServer(async (request, response) => {
      const target = servers[turn++ % servers.length].base;
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'connection')) as Record<string, string>;
      const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      const body = Buffer.from(await answer.arrayBuffer());
      const passed = [...answer.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name));
      response.writeHead(answer.status, Object.fromEntries(passed));
      response.end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    viaProxy = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;

    // what every instance must share: the database, the public address (the balancer's: tokens
    // name it as their issuer), the keys (ACCESS_TOKEN_SECRET is given by startServerProcess) and
    // the file storage
    const env = {
      NODE_ENV: 'test',
      PUBLIC_URL: viaProxy,
      IDENTITY_PRIVATE_KEY: await newIdentityPem(),
      JOBS_POLL_INTERVAL_MS: '100',
      JOBS_STALE_AFTER_SECONDS: String(STALE_SECONDS),
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      METRICS_TOKEN,
    };
    // a DATA_DIR each: nothing on one machine's disk is seen by the other
    servers.push(...(await Promise.all([startServerProcess(db.url!, folder('tessera-a-'), env), startServerProcess(db.url!, folder('tessera-b-'), env)])));

    token = await signInOverHttp(viaProxy, 'admin@tessera.test', DEMO_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(killProcess));
    await new Promise((resolve) => proxy?.close(resolve));
    await s3?.close();
    await db?.close();
    folders.forEach((made) => rmSync(made, { recursive: true, force: true }));
  });

  function post(base: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (body === undefined) return fetch(`${base}${url}`, { method: 'POST', headers });
    return fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  }
  const authorized = () => ({ authorization: `Bearer ${token}` });
  const batches = (suffix = '') => `/api/company/${acme}/giftcard/batches${suffix}`;
  async function batch(base: string, id: string) {
    return (await (await fetch(`${base}${batches(`/${id}`)}`, { headers: authorized() })).json()) as { status: string; generatedCount: number; quantity: number; archiveStatus: string | null };
  }
  async function createBatch(base: string, lotNumber: string, quantity: number) {
    const created = await post(base, batches(), { lotNumber, typologyId, quantity }, authorized());
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }
  const jobsOf = (batchId: string) =>
    queryRows<{ name: string; status: string; attempts: number; last_error: string | null }>(db.db, sql`SELECT name, status, attempts, last_error FROM jobs WHERE payload->>'batchId' = ${batchId} ORDER BY created_at`);

  it('a batch made through the balancer has its PDF archive downloaded from either instance, the same valid PDF', async () => {
    const id = await createBatch(viaProxy, 'LOT-MI-1', 40);
    await waitFor(async () => (await batch(viaProxy, id)).status === 'COMPLETED', 'the batch generated');
    expect((await post(viaProxy, batches(`/${id}/archive`), undefined, authorized())).status).toBe(202);
    await waitFor(async () => (await batch(viaProxy, id)).archiveStatus === 'COMPLETED', 'the archive made');
    const pdfs = await Promise.all(
      servers.map(async ({ base }) => {
        const answer = await fetch(`${base}${batches(`/${id}/archive`)}`, { headers: authorized() });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/pdf');
        return Buffer.from(await answer.arrayBuffer());
      }),
    );
    expect(pdfs[0].subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfs[0].subarray(-6).toString()).toContain('%%EOF');
    expect(pdfs[1].equals(pdfs[0])).toBe(true);
  });

  it('each instance is ready (database, files in the bucket, jobs) and its metrics show the requests it served', async () => {
    // two API requests through the balancer: one for each instance in turn
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${viaProxy}/api/user/configuration`, { headers: authorized() })).status).toBe(200);
    for (const { base } of servers) {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', files: 'ok', jobs: 'ok' } });
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      // the balancer's turns gave each instance API requests
      expect(total(text, 'tessera_http_requests_total', 'route="/api/user/configuration"'), base).toBeGreaterThan(0);
      expect(total(text, 'tessera_http_requests_total', 'route="/config.js"'), base).toBeGreaterThan(0);
      expect(text).toMatch(/^tessera_database_up 1$/m);
      expect(total(text, 'tessera_db_pool_connections', 'pool="main",state="total"')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE tessera_job_queue_depth gauge');
    }
  });

  it('thirty forgot-password requests from one address, split across both instances, are limited as one budget', async () => {
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await post(viaProxy, '/api/user/forgot-password', { email: `nobody${i}@example.test` }));
    const statuses = answers.map((answer) => answer.status);
    // FORGOT_PASSWORD_MAX_PER_IP's default: 5 for the address, whichever instance answers
    expect(statuses.filter((status) => status === 204)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    const refused = (await answers.find((answer) => answer.status === 429)!.json()) as { error: { message: string } };
    expect(refused.error.message).toBe('RATE_LIMITED');
  });

  it('a job running three times the stale delay, both instances alive, runs once', async () => {
    // an archive of thousands of cards: PDF pages drawn for longer than 3 × STALE_SECONDS
    const id = await createBatch(viaProxy, 'LOT-MI-LONG', 24_000);
    await waitFor(async () => (await batch(viaProxy, id)).status === 'COMPLETED', 'the batch generated', 60_000);
    const asked = Date.now();
    expect((await post(viaProxy, batches(`/${id}/archive`), undefined, authorized())).status).toBe(202);
    await waitFor(async () => (await batch(viaProxy, id)).archiveStatus === 'COMPLETED', 'the archive made', 120_000);
    // the premise: the job outlived the stale delay three times over (else this proves nothing)
    expect(Date.now() - asked).toBeGreaterThan(3 * STALE_SECONDS * 1000);
    const archive = (await jobsOf(id)).filter((job) => job.name === 'catalog.batch.archive');
    expect(archive).toEqual([{ name: 'catalog.batch.archive', status: 'done', attempts: 1, last_error: null }]);
  }, 180_000);

  it('an instance killed with SIGKILL while generating a batch: the survivor finishes it, every card made once', async () => {
    const [a, b] = servers;
    const QUANTITY = 60_000;
    // B frozen, so the job is A's for certain; A dies with the batch half made, then B wakes
    b.child.kill('SIGSTOP');
    let id: string;
    try {
      id = await createBatch(a.base, 'LOT-MI-KILL', QUANTITY);
      await waitFor(async () => (await batch(a.base, id)).generatedCount > 0, 'the first chunks committed on A', 60_000);
      await killProcess(a);
    } finally {
      b.child.kill('SIGCONT');
    }
    const cardsMade = async () =>
      (await queryRows<{ cards: string; distinct: string }>(db.db, sql`SELECT count(*) AS cards, count(DISTINCT progressive) AS distinct FROM gift_cards WHERE company_id = ${acme} AND lot_number = 'LOT-MI-KILL'`))[0];
    // the premise: A died with work left
    expect(Number((await cardsMade()).cards)).toBeLessThan(QUANTITY);
    await waitFor(async () => (await batch(b.base, id)).status === 'COMPLETED', 'the survivor finished the batch', 120_000);
    expect(await cardsMade()).toEqual({ cards: String(QUANTITY), distinct: String(QUANTITY) });
    expect((await batch(b.base, id)).generatedCount).toBe(QUANTITY);
  }, 240_000);
});
