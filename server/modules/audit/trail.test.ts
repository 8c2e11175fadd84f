import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../domain/audit';
import { queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { jobAuditContext, runWithAuditContext } from '../../db/audit-context';
import { createMemoryStorage } from '../../lib/files.memory';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { addCompany, caller, companyIdOf, q, userWith } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import { addCard, addTypology } from '../../test/support/giftcards';
import { runAuditRetention } from './retention';

interface LogRow {
  id: string;
  actor_type: string;
  actor_id: string | null;
  actor_label: string | null;
  company_id: string | null;
  origin: string;
  ip: string | null;
  request_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  operation: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function text(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  return stream ? new Response(stream).text() : '';
}

describe.each(DRIVERS)('audit trail (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let acmeId: string;
  let nordId: string;
  let typologyId: string;
  let admin: string;
  let adminId: string;
  let referent: string;
  const rowsOf = (entity: string, id: string) => queryRows<LogRow>(t.db.db, sql`SELECT a.*, a.id::text AS id FROM audit_log a WHERE a.entity = ${entity} AND a.entity_id = ${id} ORDER BY a.id`);
  const editExpiry = (token: string, cardId: string, expireDate: string, headers: Record<string, string> = {}) =>
    call(token, 'POST', `/api/company/${acmeId}/giftcard/cards/bulk`, { action: 'editExpiry', ids: [cardId], params: { expireDate } }, headers);

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { TRUST_PROXY: 'true' } });
    call = caller(t.app);
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    typologyId = await addTypology(t.db.db, { companyId: acmeId });
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    referent = (await login(t.app, 'referent@acme.test')).accessToken;
    await t.db.db.execute(sql`UPDATE companies SET referent_user_id = (SELECT id FROM users WHERE email = 'referent@acme.test') WHERE id = ${acmeId}`);
    [{ id: adminId }] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM users WHERE email = 'admin@tessera.test'`);
  });
  afterAll(() => t.close());

  it("records a card's expiry change with who, where, which request and the value before and after", async () => {
    const card = await addCard(t.db.db, { companyId: acmeId, typologyId, expireDate: new Date('2030-06-30T21:59:59.999Z') });
    expect(await rowsOf('gift_cards', card.id)).toEqual([]); // minted cards are not audited one by one
    const res = await editExpiry(admin, card.id, '2099-12-31');
    expect(res.json()).toMatchObject({ succeeded: 1 });
    const rows = await rowsOf('gift_cards', card.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_type: 'user',
      actor_id: adminId,
      actor_label: 'admin@tessera.test',
      company_id: acmeId,
      origin: 'back_office',
      ip: expect.any(String),
      request_id: expect.any(String),
      action: 'update',
      operation: 'POST /api/company/:companyId/giftcard/cards/bulk',
    });
    expect(rows[0].before?.expire_date).toMatch(/^2030-06-30T21:59:59\.999/);
    expect(rows[0].after?.expire_date).toMatch(/^2099-12-31T23:59:59\.999/);
    // only what changed (updated_at never), never the code
    expect(Object.keys(rows[0].after ?? {})).toEqual(['expire_date']);
    // the same change again changes nothing: no row
    await editExpiry(admin, card.id, '2099-12-31');
    expect(await rowsOf('gift_cards', card.id)).toHaveLength(1);
    // another request has another id
    await editExpiry(admin, card.id, '2098-12-31');
    const [first, second] = await rowsOf('gift_cards', card.id);
    expect(second.request_id).not.toBe(first.request_id);
  });

  it('records creations and deletions with their values, secrets left out', async () => {
    const created = await call(admin, 'POST', `/api/company/${acmeId}/stores`, { code: `AUD-${driver}`, name: 'Audit store', storeCategoryId: 'RETAIL' });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const [row] = await rowsOf('stores', created.json().id);
    expect(row).toMatchObject({ action: 'create', company_id: acmeId, actor_id: adminId, before: null });
    expect(row.after).toMatchObject({ code: `AUD-${driver}`, name: 'Audit store' });
    // a user's password hash never reaches the trail
    await userWith(t.app, t.db.db, `audited-${driver}@acme.test`, acmeId, []);
    const [{ id: userId }] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM users WHERE email = ${`audited-${driver}@acme.test`}`);
    const [userRow] = await rowsOf('users', userId);
    expect(userRow).toMatchObject({ action: 'create', actor_type: 'system', origin: 'system' });
    expect(userRow.after).not.toHaveProperty('password_hash');
    await t.db.db.execute(sql`DELETE FROM stores WHERE id = ${created.json().id}`);
    const rows = await rowsOf('stores', created.json().id);
    expect(rows.at(-1)).toMatchObject({ action: 'delete', after: null, actor_type: 'system' });
    expect(rows.at(-1)?.before).toMatchObject({ code: `AUD-${driver}` });
  });

  it('leaves no row for a refused or rolled back change', async () => {
    const card = await addCard(t.db.db, { companyId: acmeId, typologyId });
    const refused = await editExpiry(admin, card.id, '31/12/2099');
    expect(refused.statusCode).toBe(400);
    await expect(
      t.db.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE gift_cards SET expire_date = '2097-01-01' WHERE id = ${card.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsOf('gift_cards', card.id)).toEqual([]);
  });

  it("records a job's changes as the job's", async () => {
    const card = await addCard(t.db.db, { companyId: acmeId, typologyId });
    // as the runner runs a handler (an async function: drizzle's queries run when awaited)
    await runWithAuditContext(jobAuditContext('giftcards.expire'), async () => {
      await t.db.db.execute(sql`UPDATE gift_cards SET status = 'EXPIRED' WHERE id = ${card.id}`);
    });
    expect(await rowsOf('gift_cards', card.id)).toEqual([
      expect.objectContaining({ actor_type: 'job', actor_id: 'giftcards.expire', actor_label: 'giftcards.expire', origin: 'job', operation: 'giftcards.expire', after: { status: 'EXPIRED' } }),
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit_log', async () => {
    const [row] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id::text AS id FROM audit_log LIMIT 1`);
    await expect(t.db.db.execute(sql`UPDATE audit_log SET actor_label = 'forged' WHERE id = ${row.id}::bigint`)).rejects.toThrow();
    await expect(t.db.db.execute(sql`DELETE FROM audit_log WHERE id = ${row.id}::bigint`)).rejects.toThrow();
    await expect(t.db.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const deleteAfter = (first: SQL) =>
      t.db.db.transaction(async (tx) => {
        await tx.execute(first);
        await tx.execute(sql`DELETE FROM audit_log WHERE id = ${row.id}::bigint`);
      });
    // migration 0013's retention setting no longer opens the door, even in the deleting transaction
    await expect(deleteAfter(sql`SELECT set_config('tessera.audit_retention', 'on', true)`)).rejects.toThrow();
    // audit_log_retire (migration 0014), the one way out, leaves it closed behind it
    await expect(deleteAfter(sql`SELECT audit_log_retire(now() - interval '3000 days', 0)`)).rejects.toThrow();
    // and keeps the recent trail whatever its caller asks (least-privilege.test.ts: with split roles)
    await expect(t.db.db.execute(sql`SELECT audit_log_retire(now(), ${row.id}::bigint)`)).rejects.toThrow();
    expect(await queryRows(t.db.db, sql`SELECT 1 FROM audit_log WHERE id = ${row.id}::bigint AND actor_label IS DISTINCT FROM 'forged'`)).toHaveLength(1);
  });

  it("audits the reading of an order's full codes", async () => {
    const [order] = await t.db.db
      .insert(orders)
      .values({ number: `AUD-CODES-${driver}`, companyId: acmeId, placedByCompanyId: acmeId, shippingType: 'DIGITAL', state: 'COMPLETED' })
      .returning({ id: orders.id });
    await addCard(t.db.db, { companyId: acmeId, typologyId, orderReference: `AUD-CODES-${driver}` });
    const res = await call(admin, 'GET', `/api/company/${acmeId}/giftcard/orders/${order.id}/codes?format=csv&lang=it`);
    expect(res.statusCode).toBe(200);
    expect((await rowsOf('orders', order.id)).filter((row) => row.action === 'read_code')).toEqual([
      expect.objectContaining({ actor_id: adminId, company_id: acmeId, operation: 'GET /api/company/:companyId/giftcard/orders/:id/codes', before: null, after: null }),
    ]);
  });

  it('lists, shows and exports the trail to provider staff and to referents for their subtree only', async () => {
    const nordStore = await call(admin, 'POST', `/api/company/${nordId}/stores`, { code: `AUD-N-${driver}`, name: 'Nord store', storeCategoryId: 'RETAIL' });
    const tesseraId = await companyIdOf(t.db.db, 'TESSERA');
    const strangerId = await addCompany(t.db.db, `AUD-X-${driver}`, tesseraId);
    const list = (token: string, companyId: string, filter: Record<string, unknown> = {}) => call(token, 'GET', `/api/company/${companyId}/audit?filter=${q(filter)}&range=${q([0, 499])}`);

    const mine = await list(referent, acmeId);
    expect(mine.statusCode, mine.body).toBe(200);
    const companies = new Set((mine.json() as AuditRecord[]).map((record) => record.companyId));
    expect(companies.has(nordId)).toBe(true);
    expect([...companies].every((id) => id === acmeId || id === nordId)).toBe(true);
    // newest first
    const ids = (mine.json() as AuditRecord[]).map((record) => Number(record.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // the screens ask newest first by occurredAt, the same order
    const asked = await call(referent, 'GET', `/api/company/${acmeId}/audit?filter=${q({})}&range=${q([0, 499])}&sort=${q(['occurredAt', 'DESC'])}`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((asked.json() as AuditRecord[]).map((record) => Number(record.id))).toEqual(ids);
    // another company (even the referent's parent's sibling) is out of scope: 404
    expect((await list(referent, strangerId)).statusCode).toBe(404);
    // a manager who is not the referent: 403
    const manager = await userWith(t.app, t.db.db, `audit-manager-${driver}@acme.test`, acmeId, ['management']);
    expect((await list(manager, acmeId)).statusCode).toBe(403);
    // provider staff: any company, and the stranger's creation
    const staff = await list(admin, strangerId);
    expect((staff.json() as AuditRecord[]).map((r) => [r.entity, r.action])).toContainEqual(['companies', 'create']);

    // filters: entity and id (a record's timeline), action, actor
    const timeline = await list(referent, acmeId, { entity: 'stores', entityId: nordStore.json().id });
    expect((timeline.json() as AuditRecord[]).map((r) => r.action)).toEqual(['create']);
    const byActor = (await list(referent, acmeId, { actor: 'ADMIN@tessera', action: 'update' })).json() as AuditRecord[];
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((r) => r.actorLabel === 'admin@tessera.test' && r.action === 'update')).toBe(true);
    expect((await list(referent, acmeId, { dateTo: '2000-01-01' })).json()).toEqual([]);
    expect((await list(referent, acmeId, { entity: 'nope' })).statusCode).toBe(400);

    // keyset pages: Next-Cursor continues after the last row
    const first = await call(referent, 'GET', `/api/company/${acmeId}/audit?range=${q([0, 1])}`);
    const cursor = String(first.headers['next-cursor']);
    const next = await call(referent, 'GET', `/api/company/${acmeId}/audit?range=${q([0, 1])}&cursor=${cursor}`);
    expect(Number((next.json() as AuditRecord[])[0].id)).toBeLessThan(Number(cursor));
    expect((await call(referent, 'GET', `/api/company/${acmeId}/audit?cursor=abc`)).json().errors).toEqual({ cursor: 'validation.invalid' });
    expect((await call(referent, 'GET', `/api/company/${acmeId}/audit/not-a-number`)).statusCode).toBe(404);

    // one record with its changes
    const expiry = ((await list(referent, acmeId, { entity: 'gift_cards', action: 'update' })).json() as AuditRecord[]).find((r) => r.changes.some((c) => c.field === 'expire_date'));
    const shown = await call(referent, 'GET', `/api/company/${acmeId}/audit/${expiry?.id}`);
    expect(shown.json()).toMatchObject({ id: expiry?.id, companyName: expect.any(String), changes: [{ field: 'expire_date', before: expect.any(String), after: expect.any(String) }] });
    // Acme's referent reads Acme Nord's trail too (her subtree, as every route's scope), but the
    // route company's: an Acme record through Acme Nord's route is unknown there (404), as for staff
    expect((await call(referent, 'GET', `/api/company/${nordId}/audit?range=${q([0, 0])}`)).statusCode).toBe(200);
    expect((await call(referent, 'GET', `/api/company/${nordId}/audit/${expiry?.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/company/${nordId}/audit/${expiry?.id}`)).statusCode).toBe(404);

    // CSV in the user's language
    const it = await call(referent, 'GET', `/api/company/${acmeId}/audit/export?filter=${q({ entity: 'stores' })}&lang=it&tz=UTC`);
    expect(it.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Data e ora;Tipo di autore;Autore;Azienda;Origine;Indirizzo IP;Richiesta;Entità;ID entità;Azione;Operazione;Modifiche');
    expect(it.body).toContain('Creazione');
    const en = await call(referent, 'GET', `/api/company/${acmeId}/audit/export?filter=${q({ entity: 'stores' })}&lang=en&tz=UTC`);
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Date and time,Actor type,Actor,Company,Origin,IP address,Request,Entity,Entity ID,Action,Operation,Changes');
    expect((await call(manager, 'GET', `/api/company/${acmeId}/audit/export?lang=en`)).statusCode).toBe(403);
  });

  it('retention exports the old rows to the file storage, then deletes them; a failed export deletes nothing', async () => {
    const old = `retention-${driver}`;
    await t.db.db.execute(sql`
      INSERT INTO audit_log (occurred_at, actor_type, origin, entity, entity_id, action, company_id)
      VALUES (now() - interval '800 days', 'system', 'system', 'stores', ${old}, 'update', ${acmeId}),
             (now() - interval '799 days', 'system', 'system', 'stores', ${old}, 'delete', ${acmeId})`);
    const count = async () => (await rowsOf('stores', old)).length;
    const failing = { ...createMemoryStorage(), put: () => Promise.reject(new Error('storage down')) };
    await expect(runAuditRetention(t.db.db, failing, 730, new Date())).rejects.toThrow('storage down');
    expect(await count()).toBe(2);

    const files = createMemoryStorage();
    const result = await runAuditRetention(t.db.db, files, 730, new Date());
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    expect(await count()).toBe(0);
    const csv = await text(await files.get(result.fileKey!));
    expect(csv.split('\r\n').filter((line) => line.includes(old))).toHaveLength(2);
    // younger rows stay
    expect((await queryRows(t.db.db, sql`SELECT 1 FROM audit_log LIMIT 1`)).length).toBe(1);
    expect(await runAuditRetention(t.db.db, files, 730, new Date())).toEqual({ fileKey: null, deleted: 0 });
  });
});
