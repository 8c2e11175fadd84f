import { sql, type SQL } from 'drizzle-orm';
import { emailResendable, type EmailRecord, type EmailState, type EmailTemplate } from '../../../domain/emails';
import { declaredFilter, filterTextSchema } from '../../../domain/fields';
import { emailFields } from '../../../domain/schemas/emails';
import { queryRows, type Db } from '../../db/client';
import { EMAIL_PENDING_SQL } from '../../db/schema/outbox';
import { EMAIL_SEND_JOB } from '../../mail/mailer';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../../lib/like';

/**
 * Every e-mail on one list (domain/emails.ts): the outbox's rows and square's communications,
 * side by side (UNION ALL), each in the screen's states. Provider staff only: no company scope.
 */

/** The list's filter: the declared ones (status, template) and `q`, the recipient's address from its start (any case). */
export const emailFilterSchema = declaredFilter(emailFields, { q: filterTextSchema.optional() });
export interface EmailFilter {
  status?: EmailState;
  template?: EmailTemplate;
  q?: string;
}

interface EmailRow {
  id: string;
  source: 'outbox' | 'square';
  template: EmailTemplate;
  recipient: string;
  subject: string | null;
  language: string | null;
  status: EmailState;
  attempts: number;
  next_attempt_at: Date | string | null;
  last_answer: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  resent_from_id: string | null;
  square_order_id: string | null;
  square_order_number: string | null;
}

const isoOf = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * Both tables as one, in the screen's words. An outbox row's state is upper-cased (retrying is
 * RETRY_WAITING) and its next try is its job's `run_at`; a square communication's are its own.
 */
/** An outbox row's state in the screen's words: upper-cased, retrying being RETRY_WAITING. */
const OUTBOX_STATE = sql`CASE o.status WHEN 'retrying' THEN 'RETRY_WAITING' ELSE upper(o.status) END`;

const ALL_EMAILS = sql`(
  SELECT o.id, 'outbox' AS source, o.template, o.to_address AS recipient, o.subject, o.language,
    ${OUTBOX_STATE} AS status,
    o.attempts, CASE WHEN o.status = 'retrying' THEN j.run_at END AS next_attempt_at, o.last_error AS last_answer,
    o.created_at, o.sent_at, o.resent_from AS resent_from_id, NULL::uuid AS square_order_id, NULL::text AS square_order_number
  FROM email_outbox o LEFT JOIN jobs j ON j.id = o.job_id AND j.name = ${EMAIL_SEND_JOB}
  UNION ALL
  SELECT m.id, 'square' AS source, 'squareCode' AS template, m.recipient, NULL AS subject, NULL AS language,
    m.status, m.tries AS attempts, m.next_attempt_at, m.last_smtp_answer AS last_answer,
    m.created_at, m.sent_at, NULL::uuid AS resent_from_id, m.order_id AS square_order_id, so.order_number AS square_order_number
  FROM square_communications m JOIN square_orders so ON so.id = m.order_id
) e`;
const COLUMNS = sql`e.id, e.source, e.template, e.recipient, e.subject, e.language, e.status, e.attempts, e.next_attempt_at, e.last_answer,
  e.created_at, e.sent_at, e.resent_from_id, e.square_order_id, e.square_order_number`;

function toRecord(row: EmailRow): EmailRecord {
  return {
    id: row.id,
    template: row.template,
    recipient: row.recipient,
    subject: row.subject,
    language: row.language,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: isoOf(row.next_attempt_at),
    lastAnswer: row.last_answer,
    createdAt: isoOf(row.created_at)!,
    sentAt: isoOf(row.sent_at),
    resentFromId: row.resent_from_id,
    squareOrderId: row.square_order_id,
    squareOrderNumber: row.square_order_number,
    resendable: emailResendable(row.template, row.status),
  };
}

/** What the list can be ordered by (emailFields declares which of these it offers). */
export const EMAIL_SORT_COLUMNS = { createdAt: sql`e.created_at`, recipient: sql`e.recipient`, id: sql`e.id` };
type SortField = keyof typeof EMAIL_SORT_COLUMNS;
const SORT_TYPES: Record<SortField, KeyType> = { createdAt: 'timestamptz', recipient: 'text', id: 'uuid' };

const emailKey = (sort: { field: SortField; order: 'ASC' | 'DESC' }): SortKey => ({ column: EMAIL_SORT_COLUMNS[sort.field], type: SORT_TYPES[sort.field], id: sql`e.id`, order: sort.order });

function filterSql(filter: EmailFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.status) where.push(sql`e.status = ${filter.status}`);
  if (filter.template) where.push(sql`e.template = ${filter.template}`);
  if (filter.q) where.push(sql`lower(e.recipient) LIKE ${`${escapeLike(filter.q.toLowerCase())}%`}`);
  return where;
}

export interface EmailPage {
  filter: EmailFilter;
  sort: { field: SortField; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  after?: KeyPosition | null;
}

/** A page of every e-mail (after `offset` rows or after a cursor's row), with each row's key. */
export async function listEmails(db: Db, page: EmailPage): Promise<KeyedRows<EmailRecord>> {
  const key = emailKey(page.sort);
  const where = [sql`true`, ...filterSql(page.filter), afterCondition(key, page.after)];
  const rows = await queryRows<EmailRow & { sort_key: string | null }>(
    db,
    sql`SELECT ${COLUMNS}, ${key.column}::text AS sort_key FROM ${ALL_EMAILS} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toRecord);
}

/** One e-mail (null: unknown), and which table it is in. */
export async function findEmail(db: Db, id: string): Promise<(EmailRecord & { source: 'outbox' | 'square' }) | null> {
  const [row] = await queryRows<EmailRow>(db, sql`SELECT ${COLUMNS} FROM ${ALL_EMAILS} WHERE e.id = ${id}`);
  return row ? { ...toRecord(row), source: row.source } : null;
}

/**
 * An outbox e-mail locked for its resend (the caller's transaction: two resends at once are one
 * after the other), with whether a resend of it is still to be delivered. Null: no such row.
 */
export async function lockOutboxEmail(db: Db, id: string): Promise<{ template: EmailTemplate; status: EmailState; recipient: string; resendPending: boolean } | null> {
  const [row] = await queryRows<{ template: EmailTemplate; status: EmailState; to_address: string }>(
    db,
    sql`SELECT o.template, ${OUTBOX_STATE} AS status, o.to_address FROM email_outbox o WHERE o.id = ${id} FOR UPDATE`,
  );
  if (!row) return null;
  const [copy] = await queryRows(db, sql`SELECT 1 FROM email_outbox WHERE resent_from = ${id} AND status IN (${EMAIL_PENDING_SQL}) LIMIT 1`);
  const status = row.status;
  return { template: row.template, status, recipient: row.to_address, resendPending: copy !== undefined };
}
