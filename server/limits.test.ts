import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { createTestApp, type TestApp } from './test/app';
import { login } from './test/auth';
import { CONCURRENT_DRIVERS } from './test/db';
import { waitFor } from './test/processes';

/**
 * No single caller can stall the service (issue 39), on PostgreSQL with a listening server and raw
 * sockets: streamed downloads are capped and run on a pool of their own, a download whose client
 * stops reading is ended, a request that trickles in is cut.
 */
const AUDIT_ROWS = 150_000;

/** A GET on a raw socket that reads the status line, then stops reading (a client that never takes the file). */
function stalledDownload(port: number, path: string, token: string): Promise<{ status: number; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => undefined);
    socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`));
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0);
      resolve({ status, socket });
    });
    socket.once('close', () => reject(new Error('closed before answering')));
  });
}

describe.each(CONCURRENT_DRIVERS)('limits that keep one caller from stalling the service (%s)', (driver) => {
  let t: TestApp;
  let port: number;
  let token: string;
  let companyId: string;
  const exportPath = () => `/api/company/${companyId}/audit/export?lang=it&tz=Europe%2FRome`;

  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: { EXPORT_MAX_CONCURRENT: '2', EXPORT_MAX_PER_USER: '2', EXPORT_WRITE_TIMEOUT_SECONDS: '2', HTTP_REQUEST_TIMEOUT_SECONDS: '2' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const session = await login(t.app, 'admin@tessera.test');
    token = session.accessToken;
    companyId = session.companyId;
    // a trail long enough that its CSV fills every buffer between the server and a client that stops reading
    await t.db.db.execute(sql`
      INSERT INTO audit_log (actor_type, actor_id, actor_label, company_id, origin, entity, entity_id, action, before, after)
      SELECT 'user', 'u', 'Load Test', ${companyId}::uuid, 'back_office', 'stores', g::text, 'update',
             jsonb_build_object('name', repeat('x', 60)), jsonb_build_object('name', repeat('y', 60))
      FROM generate_series(1, ${AUDIT_ROWS}) g`);
  }, 120_000);
  afterAll(() => t.close());

  it('caps streamed downloads (429 EXPORTS_BUSY, Retry-After) without slowing a list call, ends a download its client stops reading and frees its connection', async () => {
    const listUrl = `http://127.0.0.1:${port}/api/company/${companyId}/audit?range=%5B0%2C24%5D`;
    // the route warmed once (its first call compiles what it uses), so the figure below is the wait alone
    expect((await fetch(listUrl, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const first = await stalledDownload(port, exportPath(), token);
    const second = await stalledDownload(port, exportPath(), token);
    expect([first.status, second.status]).toEqual([200, 200]);

    const third = await fetch(`http://127.0.0.1:${port}${exportPath()}`, { headers: { authorization: `Bearer ${token}` } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    expect(third.headers.get('content-disposition')).toBeNull();
    expect(((await third.json()) as { error: { message: string } }).error.message).toBe('EXPORTS_BUSY');

    // the API's own pool is free: a list answers at once while both downloads hold their connections
    const started = performance.now();
    const list = await fetch(listUrl, { headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - started;
    expect(list.status, JSON.stringify(t.logs.filter((l) => l.level === 50).slice(-1))).toBe(200);
    expect(elapsed).toBeLessThan(200);

    // the server ends both stalled downloads after the write timeout (2 s) and their COPYs end with them
    // (a paused client socket does not notice: the server's side is what is checked)
    await waitFor(async () => t.app.exportSlots.inUse === 0, 'the stalled downloads to be ended', 15_000);
    expect(t.logs.filter((line) => line.msg === 'download ended: the client stopped reading')).toHaveLength(2);
    await waitFor(async () => {
      const [row] = await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'tessera-export' AND state <> 'idle'`);
      return row.n === 0;
    }, 'the stalled downloads\' COPYs to end', 10_000);
    first.socket.destroy();
    second.socket.destroy();
    const again = await fetch(`http://127.0.0.1:${port}${exportPath()}`, { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(200);
    await again.body?.cancel();
  }, 60_000);

  it('cuts a request whose body trickles in at the request timeout (408)', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
    await new Promise<void>((done) => socket.once('connect', () => done()));
    const started = performance.now();
    socket.write(`POST /api/auth/token-exchange HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    // a byte every 5 s: the second never goes before the server has given up
    const trickle = setInterval(() => socket.writable && socket.write(' '), 5_000);
    try {
      const end = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(end - started).toBeLessThan(5_000);
    } finally {
      clearInterval(trickle);
    }
  }, 20_000);
});
