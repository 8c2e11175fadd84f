import { sql } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import type { Ticket, TicketCategory } from '../../../domain/schemas/tickets';
import type { TicketCategoryBody } from '../../../domain/tickets';
import { queryRows, type Driver } from '../../db/client';
import type { FileStorage } from '../../lib/files';
import { createMemoryStorage } from '../../lib/files.memory';
import { createTestApp, type TestApp } from '../app';
import { login } from '../auth';
import { addCompany, companyIdOf, userWith } from '../builders';

/** Builders of the tickets tests: an app whose file storage can be looked into (and made to fail), its accounts, categories and files. */

/** A file as the API takes it (`{type, name, content: base64}`). */
export const fileOf = (bytes: Buffer | string, name: string, type: string) => ({ name, type, content: Buffer.from(bytes).toString('base64') });

export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image data')]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** a Windows executable's header (MZ, then NULs) */
export const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.from('This program cannot be run in DOS mode.')]);
export const OLE2_BYTES = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(56)]);

/** A zip whose one entry is `name` (a local header, then the entry's bytes): `xl/workbook.xml` makes it a workbook. */
export function zipWith(name: string, content = '<workbook/>'): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.from(content)]);
}

/** The memory storage with its keys in view, and a switch that makes the next put of a name fail (a storage that breaks mid-request). */
export interface SpyStorage extends FileStorage {
  keys: Set<string>;
  failOn: string | null;
}
function spyStorage(): SpyStorage {
  const inner = createMemoryStorage();
  const spy: SpyStorage = {
    keys: new Set(),
    failOn: null,
    async put(key, body, contentType) {
      if (spy.failOn !== null && spy.failOn === contentType) throw new Error('storage broke');
      const done = await inner.put(key, body, contentType);
      spy.keys.add(key);
      return done;
    },
    get: (key) => inner.get(key),
    size: (key) => inner.size(key),
    async remove(key) {
      spy.keys.delete(key);
      await inner.remove(key);
    },
  };
  return spy;
}

export const SUPPORT = 'support@tessera.test';

/** Every SPEC §3 field type, one internal field, limits and a retired option. */
export const EVERY_TYPE: TicketCategoryBody = {
  name: { it: 'Tutti i tipi', en: 'Every type' },
  active: true,
  fields: [
    { id: 'title', type: 'text', label: { it: 'Titolo', en: 'Title' }, required: true, internal: false, limits: { minLength: 2, maxLength: 20 } },
    { id: 'details', type: 'textArea', label: { it: 'Dettagli', en: 'Details' }, required: false, internal: false },
    { id: 'orderNumber', type: 'number', label: { it: 'Numero ordine', en: 'Order number' }, required: true, internal: false, limits: { min: 1, max: 1000, integer: true } },
    { id: 'contact', type: 'email', label: { it: 'Contatto', en: 'Contact' }, required: false, internal: false },
    { id: 'screenshot', type: 'file', label: { it: 'Schermata', en: 'Screenshot' }, required: false, internal: false },
    {
      id: 'area',
      type: 'dropdown',
      label: { it: 'Area', en: 'Area' },
      required: false,
      internal: false,
      options: [
        { id: 'cards', label: { it: 'Carte', en: 'Cards' }, retired: false },
        { id: 'orders', label: { it: 'Ordini', en: 'Orders' }, retired: false },
        { id: 'legacy', label: { it: 'Vecchio', en: 'Legacy' }, retired: true },
      ],
    },
    {
      id: 'channel',
      type: 'radio',
      label: { it: 'Canale', en: 'Channel' },
      required: false,
      internal: false,
      options: [
        { id: 'web', label: { it: 'Web', en: 'Web' }, retired: false },
        { id: 'store', label: { it: 'Negozio', en: 'Store' }, retired: false },
      ],
    },
    { id: 'seenAt', type: 'dateTime', label: { it: 'Visto il', en: 'Seen at' }, required: false, internal: false },
    { id: 'happenedOn', type: 'date', label: { it: 'Successo il', en: 'Happened on' }, required: true, internal: false, limits: { minDate: '2020-01-01', maxDate: '2030-12-31' } },
    { id: 'supplierReference', type: 'text', label: { it: 'Riferimento fornitore', en: 'Supplier reference' }, required: false, internal: true },
    { id: 'supplierFile', type: 'file', label: { it: 'File fornitore', en: 'Supplier file' }, required: false, internal: true },
  ],
};

/** Answers valid for EVERY_TYPE's required fields. */
export const REQUIRED_ANSWERS = { title: 'Broken card', orderNumber: 42, happenedOn: '2026-11-20' };

export interface TicketWorld {
  t: TestApp;
  files: SpyStorage;
  /** provider staff (every flag) */
  admin: string;
  /** Acme's operator (ticketing) */
  operator: string;
  operatorId: string;
  /** Acme's user without ticketing */
  noTicketing: string;
  /** another company's user with ticketing */
  stranger: string;
  tesseraId: string;
  acmeId: string;
  otherId: string;
  url: (path: string, companyId?: string) => string;
  call: (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<InjectResponse>;
  /** a category made by provider staff */
  category: (body?: TicketCategoryBody) => Promise<TicketCategory>;
  /** a ticket opened by the operator (or `as`), 201 expected */
  ticket: (categoryId: string, extra?: Record<string, unknown>, as?: string) => Promise<Ticket>;
  show: (id: string, token?: string) => Promise<Ticket>;
  count: (query: ReturnType<typeof sql>) => Promise<number>;
  /** the outbox's e-mails of a template, oldest first */
  mails: (template: string) => Promise<Array<{ to_address: string; language: string; subject: string; text_body: string }>>;
}

export async function ticketWorld(driver: Driver): Promise<TicketWorld> {
  const files = spyStorage();
  const t = await createTestApp(driver, { build: { files } });
  const db = t.db.db;
  const tesseraId = await companyIdOf(db, 'TESSERA');
  const acmeId = await companyIdOf(db, 'ACME');
  const otherId = await addCompany(db, `TK-OTHER-${driver}`, tesseraId);
  const admin = (await login(t.app, 'admin@tessera.test')).accessToken;
  const operator = (await login(t.app, 'operator@acme.test')).accessToken;
  const [{ id: operatorId }] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = 'operator@acme.test'`);
  const noTicketing = (await login(t.app, 'noaccess@acme.test')).accessToken;
  const stranger = await userWith(t.app, db, `tickets-${driver}@other.test`, otherId, ['ticketing']);
  const url = (path: string, companyId = acmeId) => `/api/company/${companyId}${path}`;
  const call: TicketWorld['call'] = (token, method, target, payload) =>
    t.app.inject({ method, url: target, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const category: TicketWorld['category'] = async (body = EVERY_TYPE) => {
    const made = await call(admin, 'POST', url('/ticket-categories', tesseraId), body);
    expect(made.statusCode, made.body).toBe(201);
    return made.json();
  };
  const ticket: TicketWorld['ticket'] = async (categoryId, extra = {}, as = operator) => {
    const made = await call(as, 'POST', url('/tickets'), { categoryId, priority: 'MEDIUM', description: 'The card 1234 does not work', answers: REQUIRED_ANSWERS, ...extra });
    expect(made.statusCode, made.body).toBe(201);
    return made.json();
  };
  const show = async (id: string, token = operator) => {
    const answer = await call(token, 'GET', url(`/tickets/${id}`));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Ticket;
  };
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${query}) q`))[0].n;
  const mails: TicketWorld['mails'] = (template) =>
    queryRows(db, sql`SELECT to_address, language, subject, text_body FROM email_outbox WHERE template = ${template} ORDER BY created_at, id`);
  return { t, files, admin, operator, operatorId, noTicketing, stranger, tesseraId, acmeId, otherId, url, call, category, ticket, show, count, mails };
}
