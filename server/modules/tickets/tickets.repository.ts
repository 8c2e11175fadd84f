import { sql, type SQL } from 'drizzle-orm';
import type { Ticket, TicketAttachment, TicketEvent, TicketListFilter, TicketListItem, TicketMessage } from '../../../domain/schemas/tickets';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ticketActionsFor,
  type LocalizedText,
  type TicketAnswerValue,
  type TicketFieldDefinition,
  type TicketPriority,
  type TicketSide,
  type TicketStatus,
} from '../../../domain/tickets';
import { queryRows, type Db } from '../../db/client';
import type { CheckedFile } from '../../lib/attachments';
import { inIds } from '../../db/company-scope';
import { ApiError } from '../../lib/errors';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';
import { json, visibleFields } from './categories.repository';
import { escapeLike } from '../../lib/like';

/** The tickets' reads: rows as the services use them, records as each side sees them (internal fields for provider staff only). */

interface TicketRaw {
  id: string;
  number: string | number;
  company_id: string;
  company_name: string;
  category_id: string;
  category_version_id: string;
  category_version: number;
  category_name: LocalizedText | string;
  fields: TicketFieldDefinition[] | string;
  priority: TicketPriority;
  status: TicketStatus;
  description: string;
  email: string;
  language: string;
  /** the creator's current language (e-mails), null when the creator is gone */
  creator_language: string | null;
  answers: Record<string, TicketAnswerValue> | string;
  created_at: Date | string;
  created_by: string | null;
  created_by_name: string | null;
  updated_at: Date | string;
  last_message_at: Date | string | null;
  message_count: number;
  deleted_at: Date | string | null;
}

/** A ticket row as the services read it (jsonb parsed). */
export interface TicketRow extends Omit<TicketRaw, 'number' | 'category_name' | 'fields' | 'answers'> {
  number: number;
  category_name: LocalizedText;
  fields: TicketFieldDefinition[];
  answers: Record<string, TicketAnswerValue>;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const COLUMNS = sql`t.id, t.number, t.company_id, c.name AS company_name, t.category_id, t.category_version_id, v.version AS category_version, v.name AS category_name,
  v.fields, t.priority, t.status, t.description, t.email, t.language, u.language AS creator_language, t.answers, t.created_at, t.created_by,
  COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS created_by_name,
  t.updated_at, t.last_message_at, t.message_count, t.deleted_at`;
const FROM = sql`tickets t JOIN companies c ON c.id = t.company_id JOIN ticket_category_versions v ON v.id = t.category_version_id LEFT JOIN users u ON u.id = t.created_by`;

const toRow = (raw: TicketRaw): TicketRow => ({ ...raw, number: Number(raw.number), category_name: json(raw.category_name), fields: json(raw.fields), answers: json(raw.answers) });

/**
 * The ticket if the subtree sees it (locked FOR UPDATE OF t when `lock`: every move of a ticket
 * takes it, so two concurrent moves serialise and the second finds the first's state). Deleted
 * tickets are found too: the services decide who sees them.
 */
export async function findTicket(db: Db, companyIds: readonly string[], id: string, lock = false): Promise<TicketRow | null> {
  const [row] = await queryRows<TicketRaw>(db, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE t.id = ${id} AND ${inIds(sql`t.company_id`, companyIds)} ${lock ? sql`FOR UPDATE OF t` : sql``}`);
  return row ? toRow(row) : null;
}

/** The answers a side may read: the customer's side never an internal field's. */
export function visibleAnswers(row: Pick<TicketRow, 'fields' | 'answers'>, side: TicketSide): Record<string, TicketAnswerValue> {
  if (side === 'PROVIDER') return { ...row.answers };
  const internal = new Set(row.fields.filter((f) => f.internal).map((f) => f.id));
  return Object.fromEntries(Object.entries(row.answers).filter(([id]) => !internal.has(id)));
}

function toListItem(row: TicketRow): TicketListItem {
  return {
    id: row.id,
    number: row.number,
    companyId: row.company_id,
    companyName: row.company_name,
    categoryId: row.category_id,
    categoryName: row.category_name,
    priority: row.priority,
    status: row.status,
    subject: row.description.slice(0, 140),
    email: row.email,
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by_name,
    lastMessageAt: iso(row.last_message_at),
    messageCount: row.message_count,
    deletedAt: iso(row.deleted_at),
  };
}

const userName = sql`NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '')`;

/** The whole record as `side` sees it: its version's fields, answers, attachments, messages, events and the actions it may take. */
export async function toTicket(db: Db, row: TicketRow, side: TicketSide): Promise<Ticket> {
  const internal = new Set(row.fields.filter((f) => f.internal).map((f) => f.id));
  const attachments = await queryRows<{ id: string; name: string; type: string; size: number; message_id: string | null; field_id: string | null; uploaded_by: string | null; created_at: Date | string }>(
    db,
    sql`SELECT a.id, a.name, a.type, a.size, a.message_id, a.field_id, ${userName} AS uploaded_by, a.created_at
        FROM ticket_attachments a LEFT JOIN users u ON u.id = a.uploaded_by WHERE a.ticket_id = ${row.id} ORDER BY a.created_at, a.id`,
  );
  const messages = await queryRows<{ id: string; side: TicketSide; body: string; author_name: string | null; created_at: Date | string }>(
    db,
    sql`SELECT m.id, m.side, m.body, ${userName} AS author_name, m.created_at FROM ticket_messages m LEFT JOIN users u ON u.id = m.author_id
        WHERE m.ticket_id = ${row.id} ORDER BY m.created_at, m.id`,
  );
  const events = await queryRows<{ id: string; kind: TicketEvent['kind']; from_status: TicketStatus | null; to_status: TicketStatus; side: TicketSide; user_name: string | null; at: Date | string }>(
    db,
    sql`SELECT e.id, e.kind, e.from_status, e.to_status, e.side, ${userName} AS user_name, e.at FROM ticket_events e LEFT JOIN users u ON u.id = e.user_id
        WHERE e.ticket_id = ${row.id} ORDER BY e.at, e.id`,
  );
  const shown: TicketAttachment[] = attachments
    .filter((a) => side === 'PROVIDER' || a.field_id === null || !internal.has(a.field_id))
    .map((a) => ({ id: a.id, name: a.name, type: a.type, size: a.size, messageId: a.message_id, fieldId: a.field_id, uploadedBy: a.uploaded_by, createdAt: iso(a.created_at)! }));
  const toMessage = (m: (typeof messages)[number]): TicketMessage => ({
    id: m.id,
    side: m.side,
    body: m.body,
    authorName: m.author_name,
    createdAt: iso(m.created_at)!,
    attachmentIds: shown.filter((a) => a.messageId === m.id).map((a) => a.id),
  });
  return {
    ...toListItem(row),
    description: row.description,
    categoryVersion: row.category_version,
    fields: visibleFields(row.fields, side),
    answers: visibleAnswers(row, side),
    attachments: shown,
    messages: messages.map(toMessage),
    events: events.map((e) => ({ id: e.id, kind: e.kind, fromStatus: e.from_status, toStatus: e.to_status, side: e.side, userName: e.user_name, at: iso(e.at)! })),
    updatedAt: iso(row.updated_at)!,
    actions: ticketActionsFor({ status: row.status, deleted: row.deleted_at !== null }, side),
  };
}

// ---------------------------------------------------------------- list

/** Priority and status sort by their order in the domain (LOW…BLOCKING, TO_DO…DISCARDED), not alphabetically. */
const rank = (column: SQL, values: readonly string[]) => sql`(CASE ${column} ${sql.join(values.map((v, i) => sql`WHEN ${v} THEN ${i}`), sql` `)} END)`;

export const TICKET_SORT_COLUMNS = {
  createdAt: sql`t.created_at`,
  lastMessageAt: sql`t.last_message_at`,
  priority: rank(sql`t.priority`, TICKET_PRIORITIES),
  status: rank(sql`t.status`, TICKET_STATUSES),
  number: sql`t.number`,
  id: sql`t.id`,
};
const SORT_TYPES: Record<keyof typeof TICKET_SORT_COLUMNS, { type: KeyType; nullable?: boolean }> = {
  createdAt: { type: 'timestamptz' },
  lastMessageAt: { type: 'timestamptz', nullable: true },
  priority: { type: 'integer' },
  status: { type: 'integer' },
  number: { type: 'bigint' },
  id: { type: 'uuid' },
};
export type TicketSort = { field: keyof typeof TICKET_SORT_COLUMNS; order: 'ASC' | 'DESC' };
const sortKey = (sort: TicketSort): SortKey => ({ column: TICKET_SORT_COLUMNS[sort.field], ...SORT_TYPES[sort.field], id: sql`t.id`, order: sort.order });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A filter date: 'YYYY-MM-DD' (a whole day; `to` includes it) or an ISO instant; 400 on the field otherwise. */
function bound(value: string, field: 'createdFrom' | 'createdTo'): SQL {
  if (Number.isNaN(Date.parse(value))) throw new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', { [field]: 'validation.invalid' });
  if (DAY.test(value)) return field === 'createdFrom' ? sql`t.created_at >= ${value}::date` : sql`t.created_at < ${value}::date + 1`;
  return field === 'createdFrom' ? sql`t.created_at >= ${value}::timestamptz` : sql`t.created_at <= ${value}::timestamptz`;
}

function conditions(companyIds: readonly string[], filter: TicketListFilter, side: TicketSide): SQL {
  const parts = [inIds(sql`t.company_id`, companyIds)];
  // the customer's side never sees a deleted ticket (asking for them lists none); provider staff see them when they ask
  if (filter.deleted) parts.push(side === 'PROVIDER' ? sql`t.deleted_at IS NOT NULL` : sql`FALSE`);
  else parts.push(sql`t.deleted_at IS NULL`);
  if (filter.status) parts.push(sql`t.status = ${filter.status}`);
  if (filter.priority) parts.push(sql`t.priority = ${filter.priority}`);
  if (filter.categoryId) parts.push(sql`t.category_id::text = ${filter.categoryId}`);
  if (filter.createdFrom) parts.push(bound(filter.createdFrom, 'createdFrom'));
  if (filter.createdTo) parts.push(bound(filter.createdTo, 'createdTo'));
  if (filter.q?.trim()) {
    const text = filter.q.trim();
    const like = `%${escapeLike(text)}%`;
    const number = /^#?\d{1,15}$/.test(text) ? sql`t.number = ${Number(text.replace('#', ''))} OR ` : sql``;
    parts.push(sql`(${number}t.description ILIKE ${like} OR t.email ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export interface TicketPage {
  filter: TicketListFilter;
  sort: TicketSort;
  offset: number;
  limit: number;
  after?: KeyPosition | null;
}

/** A page of the subtree's tickets with its rows' keys (keyset: the next page continues after the last row). */
export async function listTickets(db: Db, companyIds: readonly string[], side: TicketSide, page: TicketPage): Promise<KeyedRows<TicketListItem>> {
  const key = sortKey(page.sort);
  const rows = await queryRows<TicketRaw & { sort_key: string | null }>(
    db,
    sql`SELECT ${COLUMNS}, ${key.column}::text AS sort_key FROM ${FROM}
        WHERE ${conditions(companyIds, page.filter, side)} AND ${afterCondition(key, page.after)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, (raw) => toListItem(toRow(raw)));
}

/** An attachment of the ticket with its file key. */
export async function findAttachment(db: Db, ticketId: string, attachmentId: string): Promise<{ id: string; name: string; file_key: string; field_id: string | null } | null> {
  const [row] = await queryRows<{ id: string; name: string; file_key: string; field_id: string | null }>(
    db,
    sql`SELECT id, name, file_key, field_id FROM ticket_attachments WHERE id = ${attachmentId} AND ticket_id = ${ticketId}`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------- writes (the service decides, under the ticket's row lock)

export type TicketEventKind = 'CREATED' | 'MESSAGE' | 'STATUS' | 'REOPENED' | 'DELETED' | 'RESTORED';

/** A new ticket, TO_DO, numbered from ticket_number_seq. */
export async function insertTicket(
  tx: Db,
  t: { id: string; companyId: string; categoryId: string; categoryVersionId: string; priority: TicketPriority; description: string; email: string; language: string; answers: Record<string, TicketAnswerValue>; createdBy: string },
): Promise<void> {
  await tx.execute(sql`INSERT INTO tickets (id, number, company_id, category_id, category_version_id, priority, status, description, email, language, answers, created_by)
    VALUES (${t.id}, nextval('ticket_number_seq'), ${t.companyId}, ${t.categoryId}, ${t.categoryVersionId}, ${t.priority}, 'TO_DO', ${t.description},
      ${t.email}, ${t.language}, ${JSON.stringify(t.answers)}::jsonb, ${t.createdBy})`);
}

export async function insertEvent(tx: Db, e: { ticketId: string; kind: TicketEventKind; from: TicketStatus | null; to: TicketStatus; side: TicketSide; userId: string }): Promise<void> {
  await tx.execute(sql`INSERT INTO ticket_events (ticket_id, kind, from_status, to_status, side, user_id) VALUES (${e.ticketId}, ${e.kind}, ${e.from}, ${e.to}, ${e.side}, ${e.userId})`);
}

export async function insertMessage(tx: Db, m: { id: string; ticketId: string; side: TicketSide; body: string; authorId: string }): Promise<void> {
  await tx.execute(sql`INSERT INTO ticket_messages (id, ticket_id, side, body, author_id) VALUES (${m.id}, ${m.ticketId}, ${m.side}, ${m.body}, ${m.authorId})`);
}

/** Files of a ticket (of one of its answers when `fieldId` is set), of a message when `messageId` is. */
export async function insertAttachments(
  tx: Db,
  ticketId: string,
  messageId: string | null,
  files: ReadonlyArray<{ id: string; key: string; fieldId: string | null; file: CheckedFile }>,
  userId: string,
): Promise<void> {
  for (const f of files) {
    await tx.execute(sql`INSERT INTO ticket_attachments (id, ticket_id, message_id, field_id, file_key, name, type, size, uploaded_by)
      VALUES (${f.id}, ${ticketId}, ${messageId}, ${f.fieldId}, ${f.key}, ${f.file.name}, ${f.file.type}, ${f.file.bytes.byteLength}, ${userId})`);
  }
}

/** A message written: the ticket moves to `to` and counts it. */
export async function markMessaged(tx: Db, id: string, to: TicketStatus): Promise<void> {
  await tx.execute(sql`UPDATE tickets SET status = ${to}, message_count = message_count + 1, last_message_at = now(), updated_at = now() WHERE id = ${id}`);
}

export async function setTicketStatus(tx: Db, id: string, status: TicketStatus): Promise<void> {
  await tx.execute(sql`UPDATE tickets SET status = ${status}, updated_at = now() WHERE id = ${id}`);
}

export async function markDeleted(tx: Db, id: string, userId: string): Promise<void> {
  await tx.execute(sql`UPDATE tickets SET deleted_at = now(), deleted_by = ${userId}, updated_at = now() WHERE id = ${id}`);
}

export async function markRestored(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`UPDATE tickets SET deleted_at = NULL, deleted_by = NULL, updated_at = now() WHERE id = ${id}`);
}

/** The ticket's answers, whole (the service keeps what stays). */
export async function setAnswers(tx: Db, id: string, answers: Record<string, TicketAnswerValue>): Promise<void> {
  await tx.execute(sql`UPDATE tickets SET answers = ${JSON.stringify(answers)}::jsonb, updated_at = now() WHERE id = ${id}`);
}
