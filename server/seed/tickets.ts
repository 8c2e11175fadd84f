import { sql } from 'drizzle-orm';
import type { TicketCategoryBody, TicketPriority, TicketSide, TicketStatus } from '../../domain/tickets';
import { queryRows, type Db } from '../db/client';

/**
 * Demo support tickets (issue 20): three categories, named in the five languages (an order problem with its order number as text, a date, a
 * screenshot and an internal supplier reference; an information request; a technical issue with
 * a radio and a date-time) and four tickets of Acme in several statuses with their messages and
 * events. Idempotent: a category is known by its Italian name, a ticket by its description.
 */

export const DEMO_TICKET_CATEGORIES: TicketCategoryBody[] = [
  {
    name: { it: 'Problema con un ordine', en: 'Order problem', es: 'Problema con un pedido', fr: 'Problème de commande', de: 'Problem mit einer Bestellung' },
    active: true,
    fields: [
      // an order number is a code (ORD-000002, PO-2026-002, 2026-0042), not a quantity: text, not number (issue 43)
      {
        id: 'orderNumber',
        type: 'text',
        label: { it: 'Numero ordine', en: 'Order number', es: 'Número de pedido', fr: 'Numéro de commande', de: 'Bestellnummer' },
        help: {
          it: "Come compare sull'ordine, per esempio ORD-000002 o PO-2026-002",
          en: 'As shown on the order, for example ORD-000002 or PO-2026-002',
          es: 'Tal como figura en el pedido, por ejemplo ORD-000002 o PO-2026-002',
          fr: 'Tel qu’il figure sur la commande, par exemple ORD-000002 ou PO-2026-002',
          de: 'Wie auf der Bestellung angegeben, zum Beispiel ORD-000002 oder PO-2026-002',
        },
        required: true,
        internal: false,
        limits: { maxLength: 40 },
      },
      { id: 'happenedOn', type: 'date', label: { it: 'Data del problema', en: 'Date it happened', es: 'Fecha del problema', fr: 'Date du problème', de: 'Datum des Problems' }, required: true, internal: false },
      { id: 'screenshot', type: 'file', label: { it: 'Schermata', en: 'Screenshot', es: 'Captura de pantalla', fr: 'Capture d’écran', de: 'Bildschirmfoto' }, required: false, internal: false },
      {
        id: 'supplierReference',
        type: 'text',
        label: { it: 'Riferimento fornitore', en: 'Supplier reference', es: 'Referencia del proveedor', fr: 'Référence fournisseur', de: 'Lieferantenreferenz' },
        required: false,
        internal: true,
        limits: { maxLength: 100 },
      },
    ],
  },
  {
    name: { it: 'Richiesta di informazioni', en: 'Information request', es: 'Solicitud de información', fr: 'Demande d’informations', de: 'Informationsanfrage' },
    active: true,
    fields: [{ id: 'details', type: 'textArea', label: { it: 'Dettagli', en: 'Details', es: 'Detalles', fr: 'Détails', de: 'Details' }, required: false, internal: false, limits: { maxLength: 2000 } }],
  },
  {
    name: { it: 'Problema tecnico', en: 'Technical issue', es: 'Problema técnico', fr: 'Problème technique', de: 'Technisches Problem' },
    active: true,
    fields: [
      {
        id: 'area',
        type: 'radio',
        label: { it: 'Area', en: 'Area', es: 'Área', fr: 'Domaine', de: 'Bereich' },
        required: true,
        internal: false,
        options: [
          { id: 'portal', label: { it: 'Portale', en: 'Portal', es: 'Portal', fr: 'Portail', de: 'Portal' }, retired: false },
          { id: 'cards', label: { it: 'Carte', en: 'Cards', es: 'Tarjetas', fr: 'Cartes', de: 'Karten' }, retired: false },
          { id: 'orders', label: { it: 'Ordini', en: 'Orders', es: 'Pedidos', fr: 'Commandes', de: 'Bestellungen' }, retired: false },
          { id: 'other', label: { it: 'Altro', en: 'Other', es: 'Otro', fr: 'Autre', de: 'Sonstiges' }, retired: false },
        ],
      },
      {
        id: 'occurredAt',
        type: 'dateTime',
        label: { it: 'Quando è successo', en: 'When it happened', es: 'Cuándo ocurrió', fr: 'Date et heure de l’incident', de: 'Zeitpunkt des Problems' },
        required: false,
        internal: false,
      },
    ],
  },
];

interface DemoMessage {
  side: TicketSide;
  body: string;
  /** the status after it */
  to: TicketStatus;
  daysAgo: number;
}

interface DemoTicket {
  category: number;
  priority: TicketPriority;
  description: string;
  answers: Record<string, string | number>;
  daysAgo: number;
  messages: DemoMessage[];
  /** a status set by staff after the messages */
  finally?: { to: TicketStatus; daysAgo: number };
}

const TICKETS: DemoTicket[] = [
  {
    category: 0,
    priority: 'HIGH',
    description: "L'ordine di carte regalo non è stato consegnato al punto vendita di Torino.",
    answers: { orderNumber: 'ORD-001042', happenedOn: '2026-11-16' },
    daysAgo: 6,
    messages: [{ side: 'PROVIDER', body: 'Ci può inviare la bolla di consegna? Verifichiamo con il corriere.', to: 'WAITING_FOR_CUSTOMER', daysAgo: 5 }],
  },
  {
    category: 1,
    priority: 'LOW',
    description: 'Vorremmo sapere se è possibile personalizzare il retro delle carte con il nostro logo.',
    answers: { details: 'Ci servirebbero circa 500 carte per il periodo natalizio.' },
    daysAgo: 2,
    messages: [],
  },
  {
    category: 2,
    priority: 'BLOCKING',
    description: 'Le carte non si attivano: la pagina di attivazione restituisce un errore.',
    answers: { area: 'cards', occurredAt: '2026-11-24T09:15:00+01:00' },
    daysAgo: 3,
    messages: [
      { side: 'PROVIDER', body: 'Stiamo verificando: ci indica il codice di una carta che non si attiva?', to: 'ANSWER_SENT', daysAgo: 3 },
      { side: 'CUSTOMER', body: 'Per esempio la carta 6034 1200 0000 0017.', to: 'ON_GOING', daysAgo: 2 },
    ],
  },
  {
    category: 0,
    priority: 'MEDIUM',
    description: "Nell'ordine mancano 20 carte rispetto alla bolla.",
    answers: { orderNumber: 'PO-2026-017', happenedOn: '2026-11-02' },
    daysAgo: 20,
    messages: [
      { side: 'PROVIDER', body: 'Le carte mancanti sono state spedite oggi.', to: 'ANSWER_SENT', daysAgo: 18 },
      { side: 'CUSTOMER', body: 'Ricevute, grazie.', to: 'ON_GOING', daysAgo: 16 },
    ],
    finally: { to: 'COMPLETED', daysAgo: 15 },
  },
];

const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

/** The demo categories and Acme's sample tickets (missing ones only). */
export async function seedTickets(db: Db): Promise<{ categories: number; tickets: number }> {
  const [admin] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = 'admin@tessera.test'`);
  const [operator] = await queryRows<{ id: string; company_id: string; email: string; language: string }>(db, sql`SELECT id, company_id, email, language FROM users WHERE email = 'operator@acme.test'`);
  const categoryIds: Array<{ id: string; versionId: string }> = [];
  let categories = 0;
  for (const body of DEMO_TICKET_CATEGORIES) {
    const [found] = await queryRows<{ id: string; version_id: string }>(
      db,
      sql`SELECT c.id, v.id AS version_id FROM ticket_categories c JOIN ticket_category_versions v ON v.id = c.current_version_id WHERE v.name->>'it' = ${body.name.it}`,
    );
    if (found) {
      categoryIds.push({ id: found.id, versionId: found.version_id });
      continue;
    }
    const id = crypto.randomUUID();
    const versionId = crypto.randomUUID();
    await db.execute(sql`INSERT INTO ticket_categories (id, active, created_at, updated_at) VALUES (${id}, ${body.active}, ${ago(30)}, ${ago(30)})`);
    await db.execute(sql`INSERT INTO ticket_category_versions (id, category_id, version, name, fields, created_by, created_at)
      VALUES (${versionId}, ${id}, 1, ${JSON.stringify(body.name)}::jsonb, ${JSON.stringify(body.fields)}::jsonb, ${admin?.id ?? null}, ${ago(30)})`);
    await db.execute(sql`UPDATE ticket_categories SET current_version_id = ${versionId} WHERE id = ${id}`);
    categoryIds.push({ id, versionId });
    categories += 1;
  }
  if (!operator || !admin) return { categories, tickets: 0 };

  let tickets = 0;
  for (const demo of TICKETS) {
    const [existing] = await queryRows(db, sql`SELECT 1 FROM tickets WHERE company_id = ${operator.company_id} AND description = ${demo.description}`);
    if (existing) continue;
    const id = crypto.randomUUID();
    const category = categoryIds[demo.category];
    const last = demo.messages.at(-1);
    const status = demo.finally?.to ?? last?.to ?? 'TO_DO';
    await db.execute(sql`INSERT INTO tickets (id, number, company_id, category_id, category_version_id, priority, status, description, email, language, answers, created_by, created_at, updated_at, last_message_at, message_count)
      VALUES (${id}, nextval('ticket_number_seq'), ${operator.company_id}, ${category.id}, ${category.versionId}, ${demo.priority}, ${status}, ${demo.description}, ${operator.email}, ${operator.language},
        ${JSON.stringify(demo.answers)}::jsonb, ${operator.id}, ${ago(demo.daysAgo)}, ${ago(demo.finally?.daysAgo ?? last?.daysAgo ?? demo.daysAgo)},
        ${last ? ago(last.daysAgo) : null}, ${demo.messages.length})`);
    await db.execute(sql`INSERT INTO ticket_events (ticket_id, kind, from_status, to_status, side, user_id, at) VALUES (${id}, 'CREATED', NULL, 'TO_DO', 'CUSTOMER', ${operator.id}, ${ago(demo.daysAgo)})`);
    let current: TicketStatus = 'TO_DO';
    for (const message of demo.messages) {
      const author = message.side === 'PROVIDER' ? admin.id : operator.id;
      await db.execute(sql`INSERT INTO ticket_messages (ticket_id, side, body, author_id, created_at) VALUES (${id}, ${message.side}, ${message.body}, ${author}, ${ago(message.daysAgo)})`);
      if (message.to !== current) {
        await db.execute(sql`INSERT INTO ticket_events (ticket_id, kind, from_status, to_status, side, user_id, at) VALUES (${id}, 'MESSAGE', ${current}, ${message.to}, ${message.side}, ${author}, ${ago(message.daysAgo)})`);
        current = message.to;
      }
    }
    if (demo.finally) {
      await db.execute(sql`INSERT INTO ticket_events (ticket_id, kind, from_status, to_status, side, user_id, at) VALUES (${id}, 'STATUS', ${current}, ${demo.finally.to}, 'PROVIDER', ${admin.id}, ${ago(demo.finally.daysAgo)})`);
    }
    tickets += 1;
  }
  return { categories, tickets };
}
