import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { jobAuditContext, runWithAuditContext } from '../../lib/audit-context';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { caller, companyIdOf } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import { addCard, addTypology } from '../giftcards/test-support';

interface LogRow {
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

describe.each(DRIVERS)('audit trail triggers (%s)', (driver) => {
  let t: TestApp;
  let acmeId: string;
  let typologyId: string;
  let admin: string;
  let adminId: string;
  const rowsOf = (entity: string, id: string) =>
    queryRows<LogRow>(t.db.db, sql`SELECT * FROM audit_log WHERE entity = ${entity} AND entity_id = ${id} ORDER BY id`);

  beforeAll(async () => {
    t = await createTestApp(driver);
    acmeId = await companyIdOf(t.db.db, 'ACME');
    typologyId = await addTypology(t.db.db, { companyId: acmeId });
    const session = await login(t.app, 'admin@tessera.test');
    admin = session.accessToken;
    [{ id: adminId }] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM users WHERE email = 'admin@tessera.test'`);
  });
  afterAll(() => t.close());

  it("records a card's expiry change with who, where, which request and the value before and after", async () => {
    const card = await addCard(t.db.db, { companyId: acmeId, typologyId, expireDate: new Date('2030-06-30T21:59:59.999Z') });
    expect(await rowsOf('gift_cards', card.id)).toEqual([]); // minted cards are not audited one by one
    const res = await caller(t.app)(admin, 'POST', `/api/company/${acmeId}/giftcard/cards/bulk`, { action: 'editExpiry', ids: [card.id], params: { expireDate: '2099-12-31' } }, { 'x-forwarded-for': '203.0.113.7' });
    expect(res.json()).toMatchObject({ succeeded: 1 });
    const rows = await rowsOf('gift_cards', card.id);
    const update = rows.find((row) => row.action === 'update' && row.after && 'expire_date' in row.after);
    expect(update).toMatchObject({
      actor_type: 'user',
      actor_id: adminId,
      actor_label: 'admin@tessera.test',
      company_id: acmeId,
      origin: 'back_office',
      request_id: expect.any(String),
      operation: 'POST /api/company/:companyId/giftcard/cards/bulk',
    });
    expect(update?.before?.expire_date).toMatch(/^2030-06-30T21:59:59\.999/);
    expect(update?.after?.expire_date).toMatch(/^2099-12-31T23:59:59\.999/);
    // only what changed, never the code
    expect(Object.keys(update?.after ?? {}).sort()).toEqual(['expire_date']);
  });
});
