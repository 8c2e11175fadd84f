import { connect, createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { openPostgres } from '../db/postgres';
import { idempotencyKeys, users } from '../db/schema';
import { CONCURRENT_DRIVERS, createTestDb } from '../test/db';
import { runClaimed } from './idempotency';
import { isDatabaseUnavailable } from './pg-errors';

/**
 * Issue 40: a keyed multi-transaction call (runClaimed) whose database goes away mid-work cannot
 * release its claim then; it is released once the database is back, so a retry runs instead of
 * answering 409 "still running" until the lease runs out.
 */
describe.each(CONCURRENT_DRIVERS)('a claimed key when the database goes away (%s)', () => {
  let owner: Awaited<ReturnType<typeof createTestDb>>;
  let viaProxy: DbHandle;
  let proxy: Server;
  let down = false;
  const sockets = new Set<Socket>();
  let userId: string;

  beforeAll(async () => {
    owner = await createTestDb('postgres', 'seeded');
    const target = new URL(owner.url!);
    proxy = createServer((client) => {
      client.on('error', () => undefined);
      if (down) return void client.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      upstream.on('error', () => undefined);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = new URL(owner.url!);
    url.hostname = '127.0.0.1';
    url.port = String((proxy.address() as { port: number }).port);
    viaProxy = openPostgres(url.toString(), 2, 1, { poolWaitMs: 2000 });
    [{ id: userId }] = await owner.db.select({ id: users.id }).from(users).where(eq(users.email, 'operator@acme.test'));
  });
  afterAll(async () => {
    await viaProxy?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy?.close(resolve));
    await owner?.close();
  });

  it('releases the claim once the database is back: the retry runs the work again', async () => {
    const request = { key: `outage-${Date.now()}`, userId, route: 'test.outage', body: { n: 1 } };
    const failed = await runClaimed(viaProxy.db, request, 30, async () => {
      // the database goes away mid-work: every connection dropped, new ones refused
      down = true;
      for (const socket of sockets) socket.destroy();
      await viaProxy.db.select().from(users).limit(1);
      return 'unreachable';
    }).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // the claim is still there: its release could not reach the database
    const claimed = await owner.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, request.key));
    expect(claimed).toHaveLength(1);

    down = false;
    const deadline = Date.now() + 5000;
    while ((await owner.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, request.key))).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await owner.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, request.key))).toHaveLength(0);
    const retried = await runClaimed(viaProxy.db, request, 30, async () => 'done');
    expect(retried).toEqual({ ok: true, body: 'done' });
  });
});
