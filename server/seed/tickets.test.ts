import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCategoryBodySchema } from '../../domain/tickets';
import { queryRows, type DbHandle } from '../db/client';
import { DRIVERS, createTestDb } from '../test/db';
import { seedDemoData } from './demo';
import { DEMO_TICKET_CATEGORIES, seedTickets } from './tickets';

describe.each(DRIVERS)('demo tickets (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
    await seedDemoData(db.db);
  });
  afterAll(() => db.close());

  it('seeds the categories and Acme\'s tickets once (idempotent), in several statuses with their messages', async () => {
    for (const body of DEMO_TICKET_CATEGORIES) expect(ticketCategoryBodySchema.safeParse(body).success).toBe(true);
    expect(await seedTickets(db.db)).toEqual({ categories: 3, tickets: 4 });
    expect(await seedTickets(db.db)).toEqual({ categories: 0, tickets: 0 });
    const rows = await queryRows<{ status: string; message_count: number; messages: number; company: string; number: string }>(
      db.db,
      sql`SELECT t.status, t.message_count, (SELECT count(*)::int FROM ticket_messages m WHERE m.ticket_id = t.id) AS messages, c.code AS company, t.number
          FROM tickets t JOIN companies c ON c.id = t.company_id ORDER BY t.number`,
    );
    expect(rows.map((r) => r.status).sort()).toEqual(['COMPLETED', 'ON_GOING', 'TO_DO', 'WAITING_FOR_CUSTOMER']);
    for (const row of rows) expect(row.message_count).toBe(row.messages);
    expect(new Set(rows.map((r) => r.company))).toEqual(new Set(['ACME']));
    const orderProblem = await queryRows<{ fields: Array<{ id: string; internal: boolean }> }>(db.db, sql`SELECT v.fields FROM ticket_category_versions v WHERE v.name->>'en' = 'Order problem'`);
    expect(orderProblem[0].fields.filter((f) => f.internal).map((f) => f.id)).toEqual(['supplierReference']);
  });
});
