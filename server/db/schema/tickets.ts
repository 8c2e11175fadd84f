import { bigint, boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText, TicketAnswerValue, TicketFieldDefinition, TicketPriority, TicketSide, TicketStatus } from '../../../domain/tickets';
import { companies } from './companies';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Ticket numbers (1042…), one sequence for every company. */
export const ticketNumberSeq = pgSequence('ticket_number_seq', { startWith: 1001 });

/** A ticket category (provider staff's); what it asks lives in its versions. */
export const ticketCategories = pgTable('ticket_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  active: boolean('active').notNull().default(true),
  /** the version new tickets are made with */
  currentVersionId: uuid('current_version_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Every saved definition of a category; a ticket keeps the one it was made with. Never updated. */
export const ticketCategoryVersions = pgTable(
  'ticket_category_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ticketCategories.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    fields: jsonb('fields').$type<TicketFieldDefinition[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ticket_category_versions_idx').on(t.categoryId, t.version)],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ticketCategories.id, { onDelete: 'restrict' }),
    categoryVersionId: uuid('category_version_id')
      .notNull()
      .references(() => ticketCategoryVersions.id, { onDelete: 'restrict' }),
    priority: text('priority').$type<TicketPriority>().notNull(),
    status: text('status').$type<TicketStatus>().notNull(),
    description: text('description').notNull(),
    /** where the customer's e-mails go */
    email: text('email').notNull(),
    /** the e-mails' language for the customer's side (the creator's at creation) */
    language: text('language').notNull().default('it'),
    /** field id → answer; a file field's answer is its attachment (id, name, size) */
    answers: jsonb('answers').$type<Record<string, TicketAnswerValue>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    lastMessageAt: ts('last_message_at'),
    messageCount: integer('message_count').notNull().default(0),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('tickets_number_idx').on(t.number),
    index('tickets_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('tickets_created_idx').on(t.createdAt, t.id),
    index('tickets_status_idx').on(t.status),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    side: text('side').$type<TicketSide>().notNull(),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** A file of a ticket, in the file storage under `file_key`. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    fieldId: text('field_id'),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId)],
);

/** The ticket's life: creation, every status change, deletes and restores. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'CREATED' | 'MESSAGE' | 'STATUS' | 'REOPENED' | 'DELETED' | 'RESTORED'>().notNull(),
    fromStatus: text('from_status').$type<TicketStatus>(),
    toStatus: text('to_status').$type<TicketStatus>().notNull(),
    side: text('side').$type<TicketSide>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.at)],
);
