import { http, HttpResponse } from 'msw';
import type { TicketFieldDefinition } from '../../../domain/tickets';
import type { Ticket, TicketCategory } from '../../../domain/schemas/tickets';
import { servedConfiguration, userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';

export const API = '/api/company/company-1';
export const TICKET_ID = 'ticket-1';

const text = (en: string, it = `${en} (it)`) => ({ it, en });

/** A definition with one field of every SPEC §3 type. */
export const EVERY_TYPE: TicketFieldDefinition[] = [
  { id: 'orderNumber', type: 'number', label: text('Order number'), required: true, internal: false, limits: { integer: true, min: 1 } },
  { id: 'happenedOn', type: 'date', label: text('Date it happened'), required: true, internal: false },
  { id: 'summary', type: 'text', label: text('Summary'), help: text('A few words'), required: false, internal: false, limits: { maxLength: 40 } },
  { id: 'details', type: 'textArea', label: text('Details'), required: false, internal: false },
  { id: 'contact', type: 'email', label: text('Other contact'), required: false, internal: false },
  { id: 'screenshot', type: 'file', label: text('Screenshot'), required: true, internal: false },
  {
    id: 'channel',
    type: 'dropdown',
    label: text('Channel'),
    required: false,
    internal: false,
    options: [
      { id: 'web', label: text('Web shop'), retired: false },
      { id: 'fax', label: text('Fax'), retired: true },
    ],
  },
  {
    id: 'repeat',
    type: 'radio',
    label: text('Happened before'),
    required: false,
    internal: false,
    options: [
      { id: 'yes', label: text('Yes'), retired: false },
      { id: 'no', label: text('No'), retired: false },
    ],
  },
  { id: 'seenAt', type: 'dateTime', label: text('Seen at'), required: false, internal: false },
  { id: 'rootCause', type: 'text', label: text('Root cause'), required: false, internal: true },
];

export const category = (overrides: Partial<TicketCategory> = {}): TicketCategory => ({
  id: 'cat-1',
  name: text('Order problem', 'Problema ordine'),
  active: true,
  version: 1,
  versionId: 'cat-1-v1',
  fields: EVERY_TYPE,
  updatedAt: '2026-11-20T09:00:00.000Z',
  ticketCount: 0,
  ...overrides,
});

export const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: TICKET_ID,
  number: 1042,
  companyId: 'company-1',
  companyName: 'Acme',
  categoryId: 'cat-1',
  categoryName: text('Order problem', 'Problema ordine'),
  priority: 'HIGH',
  status: 'TO_DO',
  subject: 'The order arrived empty',
  email: 'ada@acme.test',
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'Ada Lovelace',
  lastMessageAt: null,
  messageCount: 0,
  deletedAt: null,
  description: 'The order arrived empty',
  categoryVersion: 1,
  fields: EVERY_TYPE,
  answers: { orderNumber: 1234, happenedOn: '2026-11-18', channel: 'fax', screenshot: { attachmentId: 'att-1', name: 'screen.png', size: 2048 } },
  attachments: [
    { id: 'att-1', name: 'screen.png', type: 'image/png', size: 2048, messageId: null, fieldId: 'screenshot', uploadedBy: 'Ada Lovelace', createdAt: '2026-11-20T09:00:00.000Z' },
    { id: 'att-2', name: 'invoice.pdf', type: 'application/pdf', size: 4096, messageId: null, fieldId: null, uploadedBy: 'Ada Lovelace', createdAt: '2026-11-20T09:00:00.000Z' },
  ],
  messages: [],
  events: [{ id: 'ev-1', fromStatus: null, toStatus: 'TO_DO', kind: 'CREATED', side: 'CUSTOMER', userName: 'Ada Lovelace', at: '2026-11-20T09:00:00.000Z' }],
  updatedAt: '2026-11-20T09:00:00.000Z',
  actions: ['reply', 'delete'],
  ...overrides,
});

/** The signed-in user's configuration: provider staff or a customer's user. */
export function serveConfiguration(provider: boolean) {
  const configuration = servedConfiguration(userConfiguration(['ticketing']), provider);
  server.use(http.get('/api/user/configuration', () => HttpResponse.json(configuration)));
}

/** A list answer as the API gives it (Content-Range with the total). */
export const listOf = (rows: unknown[], name = 'rows') => HttpResponse.json(rows, { headers: { 'Content-Range': `${name} 0-${Math.max(0, rows.length - 1)}/${rows.length}` } });
