import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderRecipients, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { caller, companyIdOf, q } from '../../test/builders';
import { addCard, addTypology } from '../../test/support/giftcards';

/** The order CSVs on the one CSV writer: texts that a spreadsheet would run as formulas come out as text, and an order with no codes is its header alone. */
describe.each(DRIVERS)('order CSVs (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let operator: string;
  let acmeId: string;
  const url = (path: string) => `/api/company/${acmeId}/giftcard${path}`;
  const RISKY = ['=HYPERLINK("http://x")', '+SUM(A1)', '-cmd', '@SUM(A1)'];
  /** what a spreadsheet gets: a leading ' makes it text (quoted where the cell holds a quote) */
  const NEUTRAL = ['"\'=HYPERLINK(""http://x"")"', "'+SUM(A1)", "'-cmd", "'@SUM(A1)"];
  const lines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

  const addOrder = async (number: string, companyOrderNumber: string | null, at = '2026-03-01T10:00:00Z') => {
    const [row] = await t.db.db
      .insert(orders)
      .values({ number, companyId: acmeId, placedByCompanyId: acmeId, shippingType: 'DIGITAL', state: 'COMPLETED', companyOrderNumber, createdAt: new Date(at) })
      .returning({ id: orders.id });
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
  });
  afterAll(() => t.close());

  it('neutralises cells starting with = + - @ in the order list CSV, newest first', async () => {
    for (const [i, text] of RISKY.entries()) await addOrder(`KX-${i}`, text, `2026-03-0${i + 1}T10:00:00Z`);
    await t.db.db.execute(sql`UPDATE orders SET activated = true WHERE number = 'KX-3'`);
    const res = await call(operator, 'GET', url(`/orders/export?filter=${q({ number: 'KX-' })}&lang=en&tz=UTC`));
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('Order number,Creation date,Company,Placed by,Order type,Order state,Activation,Company order number,Cards,Total');
    expect(rows.at(-1)).toBe('');
    // newest first; the company order number is the 8th cell
    const cells = rows.slice(0, -1).map((row) => row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
    expect(cells.map((row) => row[7])).toEqual([...NEUTRAL].reverse());
    // the activation in the screens' words (domain orderActivation, from the stored state and flag)
    expect(cells.map((row) => row[6])).toEqual(['Activated', 'To be activated', 'To be activated', 'To be activated']);
    expect(rows[3]).toMatch(/^KX-0,01\/03\/2026 10:00:00,/);
  });

  it("neutralises cells starting with = + - @ in an order's codes CSV; an order with no codes is the header alone", async () => {
    const id = await addOrder('KX-CODES', null);
    for (const [i, name] of RISKY.entries()) {
      const typologyId = await addTypology(t.db.db);
      await t.db.db.execute(sql`UPDATE card_typologies SET name = ${name} WHERE id = ${typologyId}`);
      await addCard(t.db.db, { companyId: acmeId, typologyId, orderReference: 'KX-CODES', progressive: 77000 + i });
    }
    const res = await call(operator, 'GET', url(`/orders/${id}/codes?format=csv&lang=en`));
    expect(res.statusCode).toBe(200);
    const rows = lines(res.body).slice(1, -1);
    // in progressive order: the typology is the 3rd cell
    expect(rows.map((row) => row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).slice(1, 3))).toEqual(NEUTRAL.map((cell, i) => [String(77000 + i), cell]));

    const empty = await addOrder('KX-EMPTY', null);
    const none = await call(operator, 'GET', url(`/orders/${empty}/codes?format=csv&lang=it`));
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('\uFEFFCodice;Progressivo;Tipologia;Valore;Stato;Destinatario;E-mail;Data di scadenza\r\n');
  });

  it.each([
    ['es', 'Código;N.º de secuencia;Tipo de tarjeta;Valor;Estado;Destinatario;Correo electrónico;Fecha de caducidad'],
    ['fr', "Code;Numéro d'ordre;Modèle de carte;Valeur;Statut;Destinataire;E-mail;Date d'expiration"],
    ['de', 'Code;Laufende Nummer;Kartentyp;Wert;Status;Empfänger;E-Mail;Ablaufdatum'],
  ])("writes an order's codes CSV in the requester's language: %s headers, `;` and the decimal comma", async (language, header) => {
    const id = await addOrder(`KX-${language.toUpperCase()}`, null);
    const typologyId = await addTypology(t.db.db);
    await addCard(t.db.db, { companyId: acmeId, typologyId, orderReference: `KX-${language.toUpperCase()}`, progressive: 79000 });
    const res = await call(operator, 'GET', url(`/orders/${id}/codes?format=csv&lang=${language}`));
    expect(res.statusCode).toBe(200);
    const [head, row] = lines(res.body);
    expect(head).toBe(header);
    expect(row.split(';')[1]).toBe('79000');
    expect(row.split(';')[3]).toMatch(/^\d+,\d{2}$/);
  });

  it("has one line per card in an order's codes CSV, named after its first recipient, even when two recipients point at the card", async () => {
    const id = await addOrder('KX-TWICE', null);
    const typologyId = await addTypology(t.db.db);
    const card = await addCard(t.db.db, { companyId: acmeId, typologyId, orderReference: 'KX-TWICE', progressive: 78000 });
    const [item] = await t.db.db.insert(orderItems).values({ orderId: id, typologyId, quantity: 2, valueCents: 2500 }).returning({ id: orderItems.id });
    await t.db.db.insert(orderRecipients).values([
      { orderId: id, itemId: item.id, position: 2, firstName: 'Bruno', lastName: 'Secondo', email: 'bruno@example.test', cardId: card.id },
      { orderId: id, itemId: item.id, position: 1, firstName: 'Anna', lastName: 'Prima', email: 'anna@example.test', cardId: card.id },
    ]);
    const res = await call(operator, 'GET', url(`/orders/${id}/codes?format=csv&lang=en`));
    expect(res.statusCode).toBe(200);
    const rows = lines(res.body).slice(1, -1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`${card.code},78000,`);
    expect(rows[0]).toContain(',Anna Prima,anna@example.test,');
  });
});
