import { z } from 'zod';
import { isoDayOrInstantSchema } from '../dates';
import { defineFields, type DisplayFieldSpec } from '../fields';
import { defineFilters } from '../filters';
import { refineDateRanges } from '../giftcards';
import { maxLengthMessage, messageWith, VALIDATION_MESSAGES } from '../messages';
import { optionalTextField, textField } from '../text';
import {
  localizedTextSchema,
  TICKET_ACTIONS,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_CHOICES,
  TICKET_SIDES,
  TICKET_STATUS_CHOICES,
  TICKET_STATUSES,
  ticketCategoryBodySchema,
  ticketFieldDefinitionSchema,
  ticketFileSchema,
} from '../tickets';

/**
 * The tickets API's records and bodies (issue 20). Paths, under /api/company/{companyId}/
 * (server/modules/tickets/README.md). Tickets of the subtree of {companyId}; provider staff (the
 * caller's company is the provider) see every company's.
 *
 *   GET    tickets                          list (filter: status, priority, categoryId, createdFrom, createdTo, q, deleted)
 *   POST   tickets                          TicketCreateBody → 201 Ticket (TO_DO); e-mails provider staff
 *   GET    tickets/{id}                     Ticket with fields, answers, attachments, messages, events, actions
 *   POST   tickets/{id}/messages            TicketMessageBody → Ticket (status per ticketStatusAfterMessage or the
 *                                           body's status, staff only); e-mails the other side
 *   POST   tickets/{id}/status              { status } → Ticket (provider staff); WAITING_FOR_CUSTOMER e-mails the customer
 *   POST   tickets/{id}/reopen              → Ticket (closed → ON_GOING)
 *   DELETE tickets/{id}                     → Ticket (soft: deletedAt set; gone from customers' lists)
 *   POST   tickets/{id}/restore             → Ticket (provider staff)
 *   PUT    tickets/{id}/internal            { answers } → Ticket (provider staff: the internal fields)
 *   GET    tickets/{id}/attachments/{attachmentId}   the file: Content-Disposition attachment, application/octet-stream, nosniff
 *   GET    ticket-categories                list (filter: active, q); customers get active ones only
 *   GET    ticket-categories/{id}           TicketCategory (its current version)
 *   POST   ticket-categories                TicketCategoryBody → 201 TicketCategory (version 1; provider staff)
 *   PUT    ticket-categories/{id}           TicketCategoryBody → TicketCategory (a new version; provider staff)
 */

const iso = z.string();
const isoOrNull = z.string().nullable();

export const ticketCategorySchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  active: z.boolean(),
  /** the current version's number and id (a new ticket is made with it) */
  version: z.number().int(),
  versionId: z.string(),
  fields: z.array(ticketFieldDefinitionSchema),
  updatedAt: iso,
  /** tickets made with any version of it */
  ticketCount: z.number().int(),
});
export type TicketCategory = z.infer<typeof ticketCategorySchema>;
export { ticketCategoryBodySchema };

/** A stored answer: a file field's is its attachment. */
export const ticketAnswerValueSchema = z.union([z.string(), z.number(), z.object({ attachmentId: z.string(), name: z.string(), size: z.number().int() })]);

export const ticketAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the canonical type of its extension (image/png, application/pdf, …) */
  type: z.string(),
  size: z.number().int(),
  /** the message it came with; null: with the ticket */
  messageId: z.string().nullable(),
  /** the file field it answers; null: an extra attachment */
  fieldId: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: iso,
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  side: z.enum(TICKET_SIDES),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: iso,
  attachmentIds: z.array(z.string()),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketEventSchema = z.object({
  id: z.string(),
  /** null: created */
  fromStatus: z.enum(TICKET_STATUSES).nullable(),
  toStatus: z.enum(TICKET_STATUSES),
  /** CREATED, MESSAGE (a message moved it), STATUS (set by staff), REOPENED, DELETED, RESTORED */
  kind: z.enum(['CREATED', 'MESSAGE', 'STATUS', 'REOPENED', 'DELETED', 'RESTORED']),
  side: z.enum(TICKET_SIDES),
  userName: z.string().nullable(),
  at: iso,
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** A list row. */
export const ticketListItemSchema = z.object({
  id: z.string(),
  /** 1042: shown as the ticket's number */
  number: z.number().int(),
  companyId: z.string(),
  /** SPEC §3 "agency": the company that opened it */
  companyName: z.string(),
  categoryId: z.string(),
  categoryName: localizedTextSchema,
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  /** the description's first 140 characters */
  subject: z.string(),
  email: z.string(),
  createdAt: iso,
  createdBy: z.string().nullable(),
  lastMessageAt: isoOrNull,
  messageCount: z.number().int(),
  deletedAt: isoOrNull,
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketSchema = ticketListItemSchema.extend({
  description: z.string(),
  categoryVersion: z.number().int(),
  /** the fields of the version it was made with (internal ones for provider staff only) */
  fields: z.array(ticketFieldDefinitionSchema),
  /** field id → answer (internal ones for provider staff only) */
  answers: z.record(z.string(), ticketAnswerValueSchema),
  attachments: z.array(ticketAttachmentSchema),
  /** oldest first */
  messages: z.array(ticketMessageSchema),
  events: z.array(ticketEventSchema),
  updatedAt: iso,
  actions: z.array(z.enum(TICKET_ACTIONS)),
});
export type Ticket = z.infer<typeof ticketSchema>;

const files = z.array(ticketFileSchema).max(TICKET_LIMITS.filesPerPost, messageWith('validation.maxItems', { max: TICKET_LIMITS.filesPerPost }));

/**
 * A new ticket. `answers` is checked with `ticketAnswersSchema(fields of the category's current
 * version, 'customer')` (file fields carry a TicketFile); `attachments` are extra files. Files in
 * answers and attachments count together against `TICKET_LIMITS.filesPerPost`.
 */
export const ticketCreateSchema = z
  .object({
    categoryId: z.string().min(1, VALIDATION_MESSAGES.required),
    priority: z.enum(TICKET_PRIORITIES, VALIDATION_MESSAGES.required),
    /** typed on several lines (the form's textarea) */
    description: textField({ max: TICKET_LIMITS.descriptionMax, multiline: true }),
    /** where the answers are e-mailed; the creator's address when absent */
    email: z.email('validation.email').max(TICKET_LIMITS.emailMax, maxLengthMessage(TICKET_LIMITS.emailMax)).optional(),
    answers: z.record(z.string(), z.unknown()).default({}),
    attachments: files.default([]),
  })
  .strict();
export type TicketCreateBody = z.infer<typeof ticketCreateSchema>;

export const ticketMessageBodySchema = z
  .object({
    /** typed on several lines (the thread's textarea) */
    body: textField({ max: TICKET_LIMITS.messageMax, multiline: true }),
    attachments: files.default([]),
    /** provider staff only: the status the ticket moves to with this message (e.g. WAITING_FOR_CUSTOMER) */
    status: z.enum(TICKET_STATUSES).optional(),
  })
  .strict();
export type TicketMessageBody = z.infer<typeof ticketMessageBodySchema>;

export const ticketStatusBodySchema = z.object({ status: z.enum(TICKET_STATUSES, VALIDATION_MESSAGES.required) }).strict();
export const ticketInternalBodySchema = z.object({ answers: z.record(z.string(), z.unknown()) }).strict();

/** List filter (all optional): dates are 'YYYY-MM-DD' or ISO, q matches the number, description or e-mail. */
export const ticketListFilterSchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    categoryId: z.string().optional(),
    createdFrom: isoDayOrInstantSchema(VALIDATION_MESSAGES.invalid).optional(),
    createdTo: isoDayOrInstantSchema(VALIDATION_MESSAGES.invalid).optional(),
    q: optionalTextField({ max: 100 }),
    /** provider staff: true lists the deleted ones (customers never see them) */
    deleted: z.boolean().optional(),
  })
  .strict()
  // SPEC §5: a creation range whose start is after its end is a 400 on createdTo, not "0 ticket"
  .superRefine(refineDateRanges(['createdFrom', 'createdTo']));
export type TicketListFilter = z.infer<typeof ticketListFilterSchema>;

/** Sorts: createdAt (default DESC), lastMessageAt, priority, status, number. */
export const TICKET_SORTS = ['createdAt', 'lastMessageAt', 'priority', 'status', 'number'] as const;

// ---------------------------------------------------------------- list fields (src/resources/tickets)

const none = z.object({}).strict();
const column = (texts: string) => (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `${texts}.${label}`, input: false, column: true, ...extra });
const ticketColumn = column('tickets.fields');

/**
 * SPEC §2's ticket filters: status, priority, category, creation days and a text (number,
 * description, e-mail). The category's choices are the categories the viewer may use: the list
 * screen gives that input (their names are in each language). `deleted` is set by the screen.
 */
export const ticketFilters = defineFilters(
  ticketListFilterSchema,
  'tickets.filters',
  [
    // a short label, what it searches in the helper line: the list of fields is longer than the input in Spanish and German (issue 43, labels cut off)
    { source: 'q', label: 'tickets.filters.q', helper: 'tickets.filters.qHelp' },
    { source: 'status', kind: 'select', choices: TICKET_STATUS_CHOICES, any: 'tickets.filters.any' },
    { source: 'priority', kind: 'select', choices: TICKET_PRIORITY_CHOICES, any: 'tickets.filters.any' },
    { source: 'categoryId', kind: 'select', choices: [], any: 'tickets.filters.any' },
    { source: 'created', kind: 'date', range: true },
  ],
  { fixed: ['deleted'], perRow: 4 },
);

/** /tickets/list: number, dates, category (its name in the user's language, rendered by the screen), badges, agency, author. */
export const ticketFields = defineFields(
  none,
  [
    ticketColumn('number', 'number', { kind: 'number', sortable: true }),
    ticketColumn('createdAt', 'createdAt', { kind: 'datetime', sortable: true }),
    ticketColumn('categoryName', 'category'),
    ticketColumn('subject', 'subject'),
    ticketColumn('priority', 'priority', { kind: 'select', choices: TICKET_PRIORITY_CHOICES, sortable: true }),
    ticketColumn('status', 'status', { kind: 'select', choices: TICKET_STATUS_CHOICES, sortable: true }),
    ticketColumn('companyName', 'agency'),
    ticketColumn('createdBy', 'createdBy'),
    ticketColumn('lastMessageAt', 'lastMessageAt', { kind: 'datetime', sortable: true }),
    // the ticket's page only
    ticketColumn('email', 'email', { kind: 'email', column: false }),
  ],
  { resource: 'tickets', primary: 'number', secondary: ['status', 'priority', 'subject'], sort: { field: 'createdAt', order: 'DESC' }, texts: 'tickets.list', filterForm: ticketFilters },
);

const categoryColumn = column('tickets.categories.fields');

/** /tickets/categories (provider staff): name (in the user's language, rendered by the screen), active, version, tickets. */
export const ticketCategoryFields = defineFields(
  none,
  [
    categoryColumn('name', 'name'),
    categoryColumn('active', 'active', { kind: 'boolean', filter: true }),
    categoryColumn('version', 'version', { kind: 'number' }),
    categoryColumn('ticketCount', 'ticketCount', { kind: 'number' }),
    categoryColumn('updatedAt', 'updatedAt', { kind: 'datetime', sortable: true }),
  ],
  { resource: 'tickets/categories', primary: 'name', secondary: [], sort: { field: 'updatedAt', order: 'DESC' }, texts: 'tickets.categories.list' },
);
