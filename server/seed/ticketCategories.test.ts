import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import type { Ticket } from '../../domain/schemas/tickets';
import { localized, ticketAnswersSchema, type LocalizedText } from '../../domain/tickets';
import { queryRows } from '../db/client';
import { ticketWorld, type TicketWorld } from '../test/support/tickets';
import { DRIVERS } from '../test/db';
import { DEMO_TICKET_CATEGORIES, seedTickets } from './tickets';

/**
 * Issue 43: the seeded categories are examples admins copy. The order problem's order number is
 * a code (ORD-000002, PO-2026-002, 2026-0042), so the server takes it as typed; and every name,
 * label, help and option reads in the five languages (no Italian on a Spanish screen).
 */

const orderProblem = DEMO_TICKET_CATEGORIES.find((category) => category.name.en === 'Order problem')!;

/** Every localized text of a category: its name, its fields' labels and help, their options' labels. */
function textsOf(category: (typeof DEMO_TICKET_CATEGORIES)[number]): Array<[string, LocalizedText]> {
  const out: Array<[string, LocalizedText]> = [[`${category.name.en}: name`, category.name]];
  for (const field of category.fields) {
    out.push([`${category.name.en}.${field.id}: label`, field.label]);
    if (field.help) out.push([`${category.name.en}.${field.id}: help`, field.help]);
    for (const option of field.options ?? []) out.push([`${category.name.en}.${field.id}.${option.id}`, option.label]);
  }
  return out;
}

describe('the seeded ticket categories', () => {
  it('name every category, field, help and option in the five languages, each its own (not the Italian copied)', () => {
    for (const category of DEMO_TICKET_CATEGORIES) {
      for (const [where, text] of textsOf(category)) {
        for (const language of LANGUAGES) expect(text[language]?.trim(), `${where} (${language})`).toBeTruthy();
        for (const language of LANGUAGES) expect(localized(text, language), `${where} (${language})`).toBe(text[language]);
      }
    }
    expect(orderProblem.name).toMatchObject({ es: 'Problema con un pedido', fr: 'Problème de commande', de: 'Problem mit einer Bestellung' });
  });

  it('ask the order number as text, with a sensible length, and no identifier-like answer as a number', () => {
    const orderNumber = orderProblem.fields.find((field) => field.id === 'orderNumber')!;
    expect(orderNumber.type).toBe('text');
    expect(orderNumber.limits?.maxLength).toBeGreaterThanOrEqual(20);
    expect(orderNumber.limits?.maxLength).toBeLessThanOrEqual(100);
    // no seeded field is a number: none of them is a quantity
    expect(DEMO_TICKET_CATEGORIES.flatMap((category) => category.fields).filter((field) => field.type === 'number')).toEqual([]);
    // free text fields are bounded
    for (const field of DEMO_TICKET_CATEGORIES.flatMap((category) => category.fields)) {
      if (field.type === 'text' || field.type === 'textArea') expect(field.limits?.maxLength, field.id).toBeDefined();
    }
    const schema = ticketAnswersSchema(orderProblem.fields, 'customer');
    for (const number of ['ORD-000002', 'PO-2026-002', '2026-0042', '4711']) expect(schema.safeParse({ orderNumber: number, happenedOn: '2026-11-25' }).success, number).toBe(true);
  });
});

describe.each(DRIVERS)('the seeded order-problem category on the server (%s)', (driver) => {
  let w: TicketWorld;
  let categoryId: string;
  beforeAll(async () => {
    w = await ticketWorld(driver);
    await seedTickets(w.t.db.db);
    [{ id: categoryId }] = await queryRows<{ id: string }>(
      w.t.db.db,
      sql`SELECT c.id FROM ticket_categories c JOIN ticket_category_versions v ON v.id = c.current_version_id WHERE v.name->>'it' = ${orderProblem.name.it}`,
    );
  });
  afterAll(() => w.t.close());

  const open = (orderNumber: unknown) =>
    w.call(w.operator, 'POST', w.url('/tickets'), { categoryId, priority: 'MEDIUM', description: 'The order arrived incomplete', answers: { orderNumber, happenedOn: '2026-11-25' } });

  it('takes a real order number as typed (PO-2026-002, ORD-000002, 2026-0042) and reads it back', async () => {
    for (const number of ['PO-2026-002', 'ORD-000002', '2026-0042']) {
      const made = await open(number);
      expect(made.statusCode, made.body).toBe(201);
      expect((made.json() as Ticket).answers.orderNumber).toBe(number);
    }
  });

  it('refuses an order number longer than its limit, and none at all', async () => {
    const long = await open('X'.repeat(41));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toMatchObject({ 'answers.orderNumber': expect.stringMatching(/^validation\.maxLength/) });
    const missing = await open('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ 'answers.orderNumber': 'validation.required' });
  });
});
