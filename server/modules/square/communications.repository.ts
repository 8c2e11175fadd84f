import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { SQUARE_COMMUNICATION_STATES, SQUARE_RESENDABLE_STATES } from '../../../domain/square';
import type { SquareCommunication } from '../../../domain/schemas/square';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../../lib/like';

/**
 * Reads and the resend of square communications. Every read is limited to the route company's
 * subtree: a communication of another company is not found (404), never shown.
 */

/** The list's filter: by state, by order, by recipient (the start of the address, any case). */
export const squareCommunicationFilterSchema = z
  .object({
    status: z.enum(SQUARE_COMMUNICATION_STATES).optional(),
    orderId: z.uuid('validation.invalid').optional(),
    q: z.string().trim().max(254).optional(),
  })
  .strict();
export type SquareCommunicationFilter = z.infer<typeof squareCommunicationFilterSchema>;

interface CommunicationRow {
  id: string;
  order_id: string;
  order_number: string;
  code_id: string;
  code: string;
  recipient: string;
  status: SquareCommunication['status'];
  created_at: Date | string;
  sent_at: Date | string | null;
  retry_number: number;
  tries: number;
  next_attempt_at: Date | string | null;
  last_smtp_answer: string | null;
}

const isoOf = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

const COLUMNS = sql`m.id, m.order_id, o.order_number, m.code_id, c.code, m.recipient, m.status, m.created_at, m.sent_at, m.retry_number, m.tries,
  m.next_attempt_at, m.last_smtp_answer`;
const FROM = sql`square_communications m JOIN square_orders o ON o.id = m.order_id JOIN square_codes c ON c.id = m.code_id`;

function toCommunication(row: CommunicationRow): SquareCommunication {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    codeId: row.code_id,
    code: row.code,
    recipient: row.recipient,
    status: row.status,
    createdAt: isoOf(row.created_at)!,
    sentAt: isoOf(row.sent_at),
    retryNumber: Number(row.retry_number),
    tries: Number(row.tries),
    nextAttemptAt: isoOf(row.next_attempt_at),
    lastSmtpAnswer: row.last_smtp_answer,
  };
}

/** What the list can be ordered by (the declaration, squareCommunicationFields, says which the API offers). */
export const COMMUNICATION_SORT_COLUMNS = { createdAt: sql`m.created_at`, recipient: sql`m.recipient`, sentAt: sql`m.sent_at`, id: sql`m.id` };
type SortField = keyof typeof COMMUNICATION_SORT_COLUMNS;
const SORT_TYPES: Record<SortField, KeyType> = { createdAt: 'timestamptz', recipient: 'text', sentAt: 'timestamptz', id: 'uuid' };

/** The walk of a sort: its column, ties broken by id (not yet sent: sentAt NULL, last ascending). */
export const communicationKey = (sort: { field: SortField; order: 'ASC' | 'DESC' }): SortKey => ({
  column: COMMUNICATION_SORT_COLUMNS[sort.field],
  type: SORT_TYPES[sort.field],
  nullable: sort.field === 'sentAt',
  id: sql`m.id`,
  order: sort.order,
});

function filterSql(filter: SquareCommunicationFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.status) where.push(sql`m.status = ${filter.status}`);
  if (filter.orderId) where.push(sql`m.order_id = ${filter.orderId}`);
  // recipients are stored lower-cased (the CSV reader's rule)
  if (filter.q) where.push(sql`m.recipient LIKE ${`${escapeLike(filter.q.toLowerCase())}%`}`);
  return where;
}

export interface CommunicationPage {
  filter: SquareCommunicationFilter;
  sort: { field: SortField; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  after?: KeyPosition | null;
}

/** A page of the subtree's communications (after `offset` rows or after a cursor's row), with each row's key. */
export async function listCommunications(db: Db, companyIds: readonly string[], page: CommunicationPage): Promise<KeyedRows<SquareCommunication>> {
  const key = communicationKey(page.sort);
  const where = [inIds(sql`m.company_id`, companyIds), ...filterSql(page.filter), afterCondition(key, page.after)];
  const rows = await queryRows<CommunicationRow & { sort_key: string | null }>(
    db,
    sql`SELECT ${COLUMNS}, ${key.column}::text AS sort_key FROM ${FROM} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toCommunication);
}

/** One communication of the subtree (null: unknown or out of scope, answered alike). */
export async function findCommunication(db: Db, companyIds: readonly string[], id: string): Promise<SquareCommunication | null> {
  const [row] = await queryRows<CommunicationRow>(db, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE m.id = ${id} AND ${inIds(sql`m.company_id`, companyIds)}`);
  return row ? toCommunication(row) : null;
}

/**
 * A new attempt of a communication that is done (sent or failed): QUEUED again, retry number + 1,
 * its tries and last answer reset; the earlier attempts stay in square_communication_sends. One
 * statement, conditional on the state, so two resends at once make one attempt. Returns whether
 * its recipient when it moved, null when not (busy, or not in the subtree).
 */
export async function requeueCommunication(db: Db, companyIds: readonly string[], id: string): Promise<string | null> {
  const states = sql.join(
    SQUARE_RESENDABLE_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const moved = await queryRows<{ recipient: string }>(
    db,
    sql`UPDATE square_communications m SET status = 'QUEUED', retry_number = m.retry_number + 1, tries = 0, next_attempt_at = NULL, lease_until = NULL,
          last_smtp_answer = NULL, sent_at = NULL
        WHERE m.id = ${id} AND ${inIds(sql`m.company_id`, companyIds)} AND m.status IN (${states})
        RETURNING m.recipient`,
  );
  return moved[0]?.recipient ?? null;
}
