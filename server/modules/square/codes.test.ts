import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCardCode } from '../../../domain/codes';
import { queryRows } from '../../db/client';
import { DRIVERS } from '../../test/db';
import { squareJobHandler } from './orders.jobs';
import { csvFile, italianCsv, squareWorld, type SquareWorld } from '../../test/support/square';

/** Codes the generator hands out first (a forced collision), before its own. */
const forced: string[] = [];
vi.mock('../../../domain/codes', async (original) => {
  const real = await original<typeof import('../../../domain/codes')>();
  return {
    ...real,
    generateCardCodes: (count: number) => {
      const first = forced.splice(0, count);
      return [...first, ...real.generateCardCodes(count - first.length)];
    },
  };
});

const FIVE = ['ada', 'bea', 'cid', 'dan', 'eva'].map((name, i) => [`${name}.code@example.com`, name[0].toUpperCase() + name.slice(1), 'Rossi', `${i + 1},00`] as const);

/** A signal whose runner "dies" before the chunk after `chunks` chunks: the job stops there, as a killed process would. */
function killedAfter(chunks: number): AbortSignal {
  let checks = 0;
  return {
    aborted: false,
    throwIfAborted() {
      checks += 1;
      if (checks > chunks) throw new Error('killed');
    },
  } as unknown as AbortSignal;
}

describe.each(DRIVERS)('square codes API and jobs (%s)', (driver) => {
  let w: SquareWorld;
  beforeAll(async () => {
    w = await squareWorld(driver);
  });
  afterAll(() => w.t.close());

  const codes = (orderId: string) => queryRows<{ id: string; code: string; status: string; recipient_id: string }>(w.t.db.db, sql`SELECT id, code, status, recipient_id FROM square_codes WHERE order_id = ${orderId}`);
  const handler = (name: 'create' | 'mint' | 'activate') => squareJobHandler(w.t.app.ctx, name);
  const payload = (orderId: string) => ({ orderId, userId: null });
  /** An action asked through the API, its job not run (the test runs the handler itself). */
  const ask = async (orderId: string, action: string) => {
    const answer = await w.call(w.operator, 'POST', w.url(`/orders/${orderId}/${action}`));
    expect(answer.statusCode, answer.body).toBe(200);
    await w.t.db.db.execute(sql`DELETE FROM jobs WHERE payload->>'orderId' = ${orderId} AND status = 'queued'`);
  };

  it('lists codes by order, state, typology and code or e-mail, and shows one with its activity', async () => {
    const order = await w.order(FIVE, ['confirm', 'activate']);
    const filter = (f: object, rest = '') => w.call(w.operator, 'GET', w.url(`/codes?filter=${encodeURIComponent(JSON.stringify(f))}${rest}`));
    const all = (await filter({ orderId: order.id }, `&sort=${encodeURIComponent('["amountCents","ASC"]')}`)).json();
    expect(all.map((c: { amountCents: number }) => c.amountCents)).toEqual([100, 200, 300, 400, 500]);
    expect(all[0]).toMatchObject({ orderNumber: order.orderNumber, status: 'SOLD', typology: 'GIFT', communicationStatus: expect.stringMatching(/^(QUEUED|SENDING|RETRY_WAITING|SENT|FAILED)$/), valueCents: 100, expireDate: expect.any(String) });

    const page = await filter({ orderId: order.id }, '&range=[0,1]');
    expect(page.headers['content-range']).toBe('codes 0-1/*');
    const rest = (await filter({ orderId: order.id }, `&range=[0,9]&cursor=${page.headers['next-cursor']}`)).json();
    expect([...page.json(), ...rest].map((c: { id: string }) => c.id).sort()).toEqual(all.map((c: { id: string }) => c.id).sort());

    const one = all[2];
    expect((await filter({ q: formatCardCode(one.code).toLowerCase() })).json().map((c: { id: string }) => c.id)).toEqual([one.id]);
    expect((await filter({ q: 'cid.code@' })).json().map((c: { id: string }) => c.id)).toEqual([one.id]);
    expect((await filter({ orderId: order.id, status: 'DELETED' })).json()).toEqual([]);
    expect((await filter({ orderId: order.id, typology: 'FUEL' })).json()).toEqual([]);
    expect((await filter({ status: 'NOPE' })).statusCode).toBe(400);

    const detail = (await w.call(w.operator, 'GET', w.url(`/codes/${one.id}`))).json();
    expect(detail.activity).toEqual([
      expect.objectContaining({ activity: 'MINTED', fromStatus: null, toStatus: 'NOT_ACTIVE', amountCents: 300, userName: 'Test User' }),
      expect.objectContaining({ activity: 'ACTIVATED', fromStatus: 'NOT_ACTIVE', toStatus: 'SOLD', amountCents: 0, userName: 'Test User' }),
    ]);
    expect((await w.call(w.stranger, 'GET', w.url(`/codes/${one.id}`))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url(`/codes/${one.id}`, w.otherId))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url('/codes', w.otherId))).json()).toEqual([]);
  });

  it('mints a new code for a recipient whose code collided: no recipient lost', async () => {
    const first = await w.order(FIVE.slice(0, 1), ['confirm']);
    const [taken] = await codes(first.id);
    const second = await w.draft(FIVE.slice(1, 3));
    forced.push(taken.code);
    await w.call(w.operator, 'POST', w.url(`/orders/${second.id}/confirm`));
    await w.drain();
    expect((await w.show(second.id)).status).toBe('NOT_ACTIVE');
    const made = await codes(second.id);
    expect(made).toHaveLength(2);
    expect(made.map((c) => c.code)).not.toContain(taken.code);
    expect(new Set(made.map((c) => c.recipient_id)).size).toBe(2);
  });

  it('a mint killed after its first chunk and run again mints each code once', async () => {
    const draft = await w.draft(FIVE);
    await ask(draft.id, 'confirm');
    await expect(handler('mint')(payload(draft.id), { signal: killedAfter(1), lastAttempt: false })).rejects.toThrow('killed');
    expect(await codes(draft.id)).toHaveLength(2);
    expect(await w.show(draft.id)).toMatchObject({ status: 'APPROVING', progress: { done: 2, total: 5 } });
    await handler('mint')(payload(draft.id), { signal: new AbortController().signal, lastAttempt: false });
    await handler('mint')(payload(draft.id), { signal: new AbortController().signal, lastAttempt: false });
    const made = await codes(draft.id);
    expect(made).toHaveLength(5);
    expect(new Set(made.map((c) => c.recipient_id)).size).toBe(5);
    expect(await w.count(sql`SELECT a.id FROM square_code_activities a JOIN square_codes k ON k.id = a.code_id WHERE k.order_id = ${draft.id} AND a.activity = 'MINTED'`)).toBe(5);
    expect(await w.show(draft.id)).toMatchObject({ status: 'NOT_ACTIVE', progress: null });
  });

  it('an activation killed after its first chunk and run again sells each code and queues each e-mail once', async () => {
    const minted = await w.order(FIVE, ['confirm']);
    await ask(minted.id, 'activate');
    await expect(handler('activate')(payload(minted.id), { signal: killedAfter(1), lastAttempt: false })).rejects.toThrow('killed');
    expect((await codes(minted.id)).filter((c) => c.status === 'SOLD')).toHaveLength(2);
    expect(await w.count(sql`SELECT id FROM square_communications WHERE order_id = ${minted.id}`)).toBe(2);
    expect(await w.show(minted.id)).toMatchObject({ status: 'ACTIVATING', progress: { done: 2, total: 5 } });

    // the restart, and a second runner of the same job after it
    await handler('activate')(payload(minted.id), { signal: new AbortController().signal, lastAttempt: false });
    await handler('activate')(payload(minted.id), { signal: new AbortController().signal, lastAttempt: false });
    expect((await codes(minted.id)).map((c) => c.status)).toEqual(Array(5).fill('SOLD'));
    expect(await w.count(sql`SELECT id FROM square_communications WHERE order_id = ${minted.id}`)).toBe(5);
    expect(await w.count(sql`SELECT DISTINCT code_id FROM square_communications WHERE order_id = ${minted.id}`)).toBe(5);
    expect(await w.count(sql`SELECT a.id FROM square_code_activities a JOIN square_codes k ON k.id = a.code_id WHERE k.order_id = ${minted.id} AND a.activity = 'ACTIVATED'`)).toBe(5);
    expect(await w.show(minted.id)).toMatchObject({ status: 'ACTIVE', deliveries: { QUEUED: 5, SENDING: 0, RETRY_WAITING: 0, SENT: 0, FAILED: 0 } });
  });

  it("a job's last failed attempt leaves the order in its state with the failure to show", async () => {
    const created = await w.call(w.operator, 'POST', w.url('/orders'), { host: 'shop.example.com', referentEmail: 'r@acme.test', typology: 'GIFT', validMonths: 12, file: csvFile(italianCsv(FIVE)), acceptWarnings: true });
    const id = created.json().id as string;
    await w.t.db.db.execute(sql`DELETE FROM jobs WHERE payload->>'orderId' = ${id}`);
    const [{ file_key }] = await queryRows<{ file_key: string }>(w.t.db.db, sql`SELECT file_key FROM square_orders WHERE id = ${id}`);
    await w.t.app.ctx.files.remove(file_key);
    await expect(handler('create')(payload(id), { signal: new AbortController().signal, lastAttempt: false })).rejects.toThrow(/missing/);
    expect((await w.show(id)).failure).toBeNull();
    await expect(handler('create')(payload(id), { signal: new AbortController().signal, lastAttempt: true })).rejects.toThrow(/missing/);
    expect(await w.show(id)).toMatchObject({ status: 'PENDING', failure: 'square.failure.job' });
  });

  it('an aborted signal stops the job before its next chunk', async () => {
    const minted = await w.order(FIVE, ['confirm']);
    await ask(minted.id, 'activate');
    const controller = new AbortController();
    controller.abort(new Error('lease lost'));
    await expect(handler('activate')(payload(minted.id), { signal: controller.signal, lastAttempt: true })).rejects.toThrow('lease lost');
    expect((await codes(minted.id)).filter((c) => c.status === 'SOLD')).toHaveLength(0);
    // a lost lease is not the job's failure: the order carries none
    expect((await w.show(minted.id)).failure).toBeNull();
  });
});
