import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { DRIVERS } from '../../test/db';
import { csvFile, italianCsv, squareWorld, type SquareWorld } from '../../test/support/square';

const SMALL = [
  ['anna.verdi@example.com', 'Anna', 'Verdi', '20,00'],
  ['bruno.neri@example.com', 'Bruno', 'Neri', '30,00'],
] as const;
const LARGE = [
  ['carla.blu@example.com', 'Carla', 'Blu', '60,00'],
  ['dario.rosa@example.com', 'Dario', 'Rosa', '50,00'],
] as const;

describe.each(DRIVERS)('square orders API (%s)', (driver) => {
  let w: SquareWorld;
  beforeAll(async () => {
    w = await squareWorld(driver);
  });
  afterAll(() => w.t.close());

  const validate = (text: string | Buffer, name?: string, type?: string) => w.call(w.operator, 'POST', w.url('/orders/validate'), { typology: 'GIFT', file: csvFile(text, name, type) });
  const orders = () => w.count(sql`SELECT id FROM square_orders`);
  const codesOf = (orderId: string) => queryRows<{ id: string; code: string; status: string; value_cents: string; email: string }>(w.t.db.db, sql`SELECT id, code, status, value_cents, email FROM square_codes WHERE order_id = ${orderId} ORDER BY email`);

  it('offers the template in the caller language', async () => {
    const it_ = await w.call(w.operator, 'GET', w.url('/orders/template'));
    expect(it_.statusCode).toBe(200);
    expect(it_.headers['content-type']).toContain('text/csv');
    expect(it_.body).toContain('email;firstName;lastName;amount');
    expect((await w.call(w.operator, 'GET', w.url('/orders/template?lang=en'))).body).toContain('email,firstName,lastName,amount');
  });

  it('lists every bad line by line, column and reason, and writes nothing', async () => {
    const before = await orders();
    const text = italianCsv([
      ['anna@example.com', 'Anna', 'Verdi', '10,00'],
      ['not-an-email', 'Bruno', 'Neri', '10,00'],
      ['carla@example.com', 'Carla', 'Blu', '10,005'],
      ['dario@example.com', '', 'Rosa', '10,00'],
      ['"elena@example.com"', '"Elena"', 'Gialli', '"1.500,50"'],
      ['anna@example.com', 'Anna', 'Verdi', '10,00'],
      ['fabio@example.com', "=cmd|' /C calc'!A0", 'Neri', '5,00'],
    ]);
    const answer = await validate(text);
    expect(answer.statusCode, answer.body).toBe(200);
    const v = answer.json();
    expect(v.problems).toEqual([
      { line: 3, column: 'email', code: 'validation.email', severity: 'error' },
      expect.objectContaining({ line: 4, column: 'amount', severity: 'error' }),
      expect.objectContaining({ line: 5, column: 'firstName', code: 'validation.required' }),
      expect.objectContaining({ line: 6, column: 'amount', severity: 'error' }),
      { line: 7, column: 'email', code: 'validation.squareDuplicate', severity: 'error', params: { line: 2 } },
      expect.objectContaining({ line: 8, column: 'firstName', code: 'validation.squareName' }),
    ]);
    // 1.500,50 is over one code's most (1,000.00 €); the quoted cells were read as cells
    expect(v.problems[3].code).toMatch(/^validation\./);
    expect(v).toMatchObject({ validCount: 1, totalAmountCents: 1000, errorCount: 6, warningCount: 0, header: ['email', 'firstName', 'lastName', 'amount'], approvalRequired: false });
    expect(v.rejected['3']).toEqual(['not-an-email', 'Bruno', 'Neri', '10,00']);
    expect(Object.keys(v.rejected).sort()).toEqual(['3', '4', '5', '6', '7', '8']);
    expect(await orders()).toBe(before);

    const refused = await w.call(w.operator, 'POST', w.url('/orders'), { host: 'shop.example.com', referentEmail: 'r@acme.test', typology: 'GIFT', validMonths: 12, file: csvFile(text) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { message: 'SQUARE_ROWS_INVALID' }, validation: { errorCount: 6, validCount: 1 } });
    expect(await orders()).toBe(before);
  });

  it('refuses wrong or missing columns, an empty file, 5 MB + 1 byte, binary bytes and a non-CSV type', async () => {
    const header = (await validate('mail;firstName;lastName;amount\nx@example.com;A;B;1,00\n')).json();
    expect(header.problems).toEqual([{ line: 1, column: 'file', code: 'validation.squareCsvHeader', severity: 'error', params: { columns: 'email' } }]);
    expect((await validate('email,amount\nx@example.com,1.00\n')).json().problems[0].params).toEqual({ columns: 'firstName, lastName' });
    expect((await validate('email;firstName;lastName;amount\n')).json().problems).toEqual([{ line: 1, column: 'file', code: 'validation.csvEmpty', severity: 'error' }]);
    expect((await validate('\n\n')).json().problems[0].code).toBe('validation.csvEmpty');

    const big = await validate(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('FILE_TOO_LARGE');
    const png = await validate(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'recipients.csv');
    expect(png.statusCode).toBe(415);
    expect(png.json().error.message).toBe('FILE_TYPE_NOT_ALLOWED');
    const pdf = await validate('%PDF-1.7', 'recipients.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    const latin1 = await validate(Buffer.from('email;firstName;lastName;amount\nx@example.com;Niccol\xf2;B;1,00\n', 'latin1'));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().error.message).toBe('FILE_UNREADABLE');
  });

  it('reads English files (`,` and decimal point)', async () => {
    const v = (await validate('Email,First_Name,Last_Name,Amount\nx@example.com,Ann,Lee,12.50\ny@example.com,Bob,Ray,"7.25"\n')).json();
    expect(v).toMatchObject({ validCount: 2, totalAmountCents: 1975, errorCount: 0 });
  });

  it('walks an order below the threshold: PENDING → DRAFT → APPROVING → NOT_ACTIVE → ACTIVE, codes sold and one queued e-mail per code', async () => {
    const created = await w.call(w.operator, 'POST', w.url('/orders'), { host: 'shop.example.com', referentEmail: 'Referent@Acme.test', typology: 'WELFARE', validMonths: 6, file: csvFile(italianCsv(SMALL)) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'PENDING', orderNumber: expect.stringMatching(/^SQ-\d{6}$/), totalQuantity: 2, totalAmountCents: 5000, progress: { done: 0, total: 2 }, actions: [] });
    await w.drain();
    const draft = await w.show(created.json().id);
    expect(draft).toMatchObject({ status: 'DRAFT', referentEmail: 'referent@acme.test', approvalRequired: false, progress: null, deliveries: null, actions: ['confirm', 'delete'] });

    const confirmed = (await w.call(w.operator, 'POST', w.url(`/orders/${draft.id}/confirm`))).json();
    expect(confirmed).toMatchObject({ status: 'APPROVING', progress: { done: 0, total: 2 } });
    await w.drain();
    expect(await w.show(draft.id)).toMatchObject({ status: 'NOT_ACTIVE', actions: ['activate', 'cancel'] });
    const minted = await codesOf(draft.id);
    expect(minted.map((c) => c.status)).toEqual(['NOT_ACTIVE', 'NOT_ACTIVE']);
    expect(new Set(minted.map((c) => c.code)).size).toBe(2);

    expect((await w.call(w.operator, 'POST', w.url(`/orders/${draft.id}/activate`))).json()).toMatchObject({ status: 'ACTIVATING' });
    await w.drain();
    const active = await w.show(draft.id);
    expect(active).toMatchObject({ status: 'ACTIVE', activatedAt: expect.any(String), actions: ['cancel'] });
    expect(Object.values(active.deliveries!).reduce((a, b) => a + b, 0)).toBe(2);
    const sold = await codesOf(draft.id);
    expect(sold.map((c) => c.status)).toEqual(['SOLD', 'SOLD']);
    const mails = await queryRows<{ code_id: string; recipient: string; retry_number: number }>(w.t.db.db, sql`SELECT code_id, recipient, retry_number FROM square_communications WHERE order_id = ${draft.id} ORDER BY recipient`);
    expect(mails).toEqual(sold.map((c) => ({ code_id: c.id, recipient: c.email, retry_number: 1 })));
  });

  it('waits for provider staff at or above the threshold; approve is theirs alone', async () => {
    const draft = await w.draft(LARGE);
    expect(draft).toMatchObject({ totalAmountCents: 11_000, approvalRequired: true });
    expect((await w.call(w.operator, 'POST', w.url(`/orders/${draft.id}/confirm`))).json()).toMatchObject({ status: 'WAITING_FOR_APPROVAL', actions: ['cancel'] });
    expect((await w.show(draft.id, w.admin)).actions).toEqual(['approve', 'cancel']);
    const refused = await w.call(w.operator, 'POST', w.url(`/orders/${draft.id}/approve`));
    expect(refused.statusCode).toBe(403);
    const approved = await w.call(w.admin, 'POST', w.url(`/orders/${draft.id}/approve`));
    expect(approved.json()).toMatchObject({ status: 'APPROVING', approvedAt: expect.any(String) });
    await w.drain();
    expect((await w.show(draft.id)).status).toBe('NOT_ACTIVE');
  });

  it('honours Idempotency-Key on create: the same key and body make one order and answer the first answer (Idempotent-Replayed), another body under the key is refused', async () => {
    const post = (key: string, body: unknown) =>
      w.t.app.inject({ method: 'POST', url: w.url('/orders'), headers: { authorization: `Bearer ${w.operator}`, 'idempotency-key': key }, payload: body as object });
    const body = { host: 'shop.example.com', referentEmail: 'referent@acme.test', typology: 'GIFT', validMonths: 12, file: csvFile(italianCsv([['idem@example.com', 'Ida', 'Mori', '15,00']])), acceptWarnings: true };
    const before = await orders();
    const first = await post('square-create-1', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await post('square-create-1', body);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await orders()).toBe(before + 1);
    // the key with another body: refused, nothing made
    const other = await post('square-create-1', { ...body, validMonths: 6 });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error.message).toBe('IDEMPOTENCY_KEY_REUSED');
    // two at once under a new key (a double click): one order, both answers the same
    const [a, b] = await Promise.all([post('square-create-2', body), post('square-create-2', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await orders()).toBe(before + 2);
    // one file kept per order: the replays and the refusal left none behind
    const keys = await queryRows<{ file_key: string }>(w.t.db.db, sql`SELECT file_key FROM square_orders WHERE id IN (${first.json().id}, ${a.json().id})`);
    for (const { file_key } of keys) expect(await w.t.app.ctx.files.size(file_key)).toBeGreaterThan(0);
    // a refused upload does not use the key up: the corrected file is taken under it
    const bad = await post('square-create-3', { ...body, file: csvFile(italianCsv([['not-an-email', 'Ida', 'Mori', '15,00']])) });
    expect(bad.statusCode, bad.body).toBe(400);
    const fixed = await post('square-create-3', { ...body, file: csvFile(italianCsv([['ida@example.com', 'Ida', 'Mori', '15,00']])) });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    await w.drain();
  });

  it('refuses every action the state does not allow (409) and deletes a draft', async () => {
    const draft = await w.draft(SMALL);
    for (const action of ['activate', 'cancel']) expect((await w.call(w.operator, 'POST', w.url(`/orders/${draft.id}/${action}`))).json().error.message).toBe('SQUARE_ORDER_STATE_INVALID');
    expect((await w.call(w.admin, 'POST', w.url(`/orders/${draft.id}/approve`))).statusCode).toBe(409);

    const notActive = await w.order(SMALL, ['confirm']);
    for (const action of ['confirm', 'approve']) expect((await w.call(w.admin, 'POST', w.url(`/orders/${notActive.id}/${action}`))).statusCode).toBe(409);
    expect((await w.call(w.operator, 'DELETE', w.url(`/orders/${notActive.id}`))).statusCode).toBe(409);

    const active = await w.order(SMALL, ['confirm', 'activate']);
    for (const action of ['confirm', 'activate']) expect((await w.call(w.operator, 'POST', w.url(`/orders/${active.id}/${action}`))).statusCode).toBe(409);

    const deleted = await w.call(w.operator, 'DELETE', w.url(`/orders/${draft.id}`));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: draft.id, status: 'DRAFT' });
    expect((await w.call(w.operator, 'GET', w.url(`/orders/${draft.id}`))).statusCode).toBe(404);
    expect(await w.count(sql`SELECT id FROM square_order_recipients WHERE order_id = ${draft.id}`)).toBe(0);
  });

  it('two concurrent actions on one order: one wins, the other is refused by the state it finds', async () => {
    const minted = await w.order(SMALL, ['confirm']);
    const answers = await Promise.all([w.call(w.operator, 'POST', w.url(`/orders/${minted.id}/activate`)), w.call(w.operator, 'POST', w.url(`/orders/${minted.id}/cancel`))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe('SQUARE_ORDER_STATE_INVALID');
    expect(await w.count(sql`SELECT id FROM jobs WHERE payload->>'orderId' = ${minted.id} AND name IN ('square.activate', 'square.cancel') AND status = 'queued'`)).toBe(1);
    await w.drain();
  });

  it('cancels: waiting for approval at once; active through its job, codes DELETED with −value; refused with a spent code', async () => {
    const waiting = await w.order(LARGE, ['confirm']);
    expect((await w.call(w.operator, 'POST', w.url(`/orders/${waiting.id}/cancel`))).json()).toMatchObject({ status: 'CANCELLED', cancelledAt: expect.any(String) });
    expect((await w.call(w.operator, 'POST', w.url(`/orders/${waiting.id}/cancel`))).statusCode).toBe(409);

    const active = await w.order(SMALL, ['confirm', 'activate']);
    expect((await w.call(w.operator, 'POST', w.url(`/orders/${active.id}/cancel`))).json()).toMatchObject({ status: 'CANCELLING' });
    await w.drain();
    expect(await w.show(active.id)).toMatchObject({ status: 'CANCELLED', actions: [] });
    const codes = await codesOf(active.id);
    expect(codes.map((c) => [c.status, Number(c.value_cents)])).toEqual([
      ['DELETED', 0],
      ['DELETED', 0],
    ]);
    const deletions = await queryRows<{ amount_cents: string }>(w.t.db.db, sql`SELECT a.amount_cents FROM square_code_activities a JOIN square_codes k ON k.id = a.code_id WHERE k.order_id = ${active.id} AND a.activity = 'DELETED' ORDER BY a.amount_cents`);
    expect(deletions.map((d) => Number(d.amount_cents))).toEqual([-3000, -2000]);

    const spent = await w.order(SMALL, ['confirm', 'activate']);
    await w.t.db.db.execute(sql`UPDATE square_codes SET status = 'SPENT', value_cents = 0 WHERE id = (SELECT id FROM square_codes WHERE order_id = ${spent.id} LIMIT 1)`);
    const refused = await w.call(w.operator, 'POST', w.url(`/orders/${spent.id}/cancel`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('SQUARE_CODES_SPENT');
    expect((await w.show(spent.id)).status).toBe('ACTIVE');
  });

  it('warns of a recipient holding a live code of the typology: refused without acceptWarnings, created with it', async () => {
    const rows = [['gianni.live@example.com', 'Gianni', 'Live', '10,00']] as const;
    const first = await w.order(rows, ['confirm', 'activate']);
    const v = (await validate(italianCsv(rows))).json();
    expect(v).toMatchObject({ errorCount: 0, warningCount: 1, validCount: 1 });
    expect(v.problems).toEqual([{ line: 2, column: 'email', code: 'square.warning.liveCode', severity: 'warning', params: { orderNumber: first.orderNumber } }]);
    const body = { host: 'shop.example.com', referentEmail: 'r@acme.test', typology: 'GIFT', validMonths: 12, file: csvFile(italianCsv(rows)) };
    const refused = await w.call(w.operator, 'POST', w.url('/orders'), body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: 'SQUARE_WARNINGS_NOT_ACCEPTED' }, validation: { warningCount: 1 } });
    expect((await w.call(w.operator, 'POST', w.url('/orders'), { ...body, acceptWarnings: true })).statusCode).toBe(201);
    // another typology: no warning
    expect((await w.call(w.operator, 'POST', w.url('/orders/validate'), { typology: 'FUEL', file: body.file })).json().warningCount).toBe(0);
  });

  it('exports the reconciliation CSV with every code, its delivery and formula-safe cells', async () => {
    const active = await w.order([['hanna@example.com', '-Hanna', 'Blu', '15,00']], ['confirm', 'activate']);
    await w.t.db.db.execute(sql`UPDATE square_communications SET status = 'FAILED', sent_at = NULL, last_smtp_answer = ${"=cmd|' /C calc'!A0"} WHERE order_id = ${active.id}`);
    const csv = await w.call(w.operator, 'GET', w.url(`/orders/${active.id}/reconciliation?lang=en`));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`${active.orderNumber}-reconciliation.csv`);
    const [header, line] = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('Code,E-mail,First name,Last name,Amount,Remaining value,Status,Activation date,Expiry date,Delivery status,Retry number,Sent,Last mail server answer');
    const [code] = await codesOf(active.id);
    expect(line.startsWith(`${code.code},hanna@example.com,'-Hanna,Blu,15.00,15.00,Sold,`)).toBe(true);
    // the mail server's answer, like any text, cannot start a formula
    expect(line.endsWith(`,Failed,1,,'=cmd|' /C calc'!A0`)).toBe(true);
    expect(line).not.toMatch(/[,;]=cmd/);
  });

  it('lists the orders by filter and cursor, in scope only', async () => {
    const page = await w.call(w.operator, 'GET', w.url(`/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'ACTIVE' }))}&range=[0,1]`));
    expect(page.statusCode).toBe(200);
    expect(page.json().length).toBe(2);
    expect(page.json().every((o: { status: string }) => o.status === 'ACTIVE')).toBe(true);
    expect(page.headers['content-range']).toMatch(/^orders 0-1\/\*/);
    const next = await w.call(w.operator, 'GET', w.url(`/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'ACTIVE' }))}&range=[0,1]&cursor=${page.headers['next-cursor']}`));
    const ids = [...page.json(), ...next.json()].map((o: { id: string }) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const one = page.json()[0];
    expect((await w.call(w.operator, 'GET', w.url(`/orders?filter=${encodeURIComponent(JSON.stringify({ q: one.orderNumber }))}`))).json().map((o: { id: string }) => o.id)).toEqual([one.id]);
    expect((await w.call(w.operator, 'GET', w.url(`/orders?filter=${encodeURIComponent(JSON.stringify({ color: 'red' }))}`))).statusCode).toBe(400);

    // scope: another company's user sees none of ACME's orders (404), and its own list is empty
    expect((await w.call(w.stranger, 'GET', w.url(`/orders/${one.id}`))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url(`/orders/${one.id}`, w.otherId))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'POST', w.url(`/orders/${one.id}/cancel`, w.otherId))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url(`/orders/${one.id}/reconciliation`, w.otherId))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url('/orders', w.otherId))).json()).toEqual([]);
  });

  it('answers 403 to a user without the square flags on every orders route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['GET', '/orders'],
      ['GET', '/orders/template'],
      ['POST', '/orders/validate'],
      ['POST', '/orders'],
      ['GET', `/orders/${id}`],
      ['POST', `/orders/${id}/confirm`],
      ['POST', `/orders/${id}/approve`],
      ['POST', `/orders/${id}/activate`],
      ['POST', `/orders/${id}/cancel`],
      ['DELETE', `/orders/${id}`],
      ['GET', `/orders/${id}/reconciliation`],
      ['GET', '/codes'],
      ['GET', `/codes/${id}`],
    ];
    for (const [method, path] of routes) expect((await w.call(w.noSquare, method, w.url(path), method === 'POST' ? {} : undefined)).statusCode, `${method} ${path}`).toBe(403);
  });
});
