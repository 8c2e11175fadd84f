import { sql, type SQL } from 'drizzle-orm';
import type { Batch, BatchFilter, BatchStatus } from '../../../domain/catalog';
import { queryRows, type Db } from '../../db/client';
import type { CardBatchRow } from '../../db/schema';
import { inIds } from '../../db/company-scope';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';

interface Raw {
  id: string;
  company_id: string;
  created_at: string | Date;
  updated_at: string | Date;
  typology_id: string;
  typology_name: string;
  typology_type: Batch['typologyType'];
  value_cents: string | number | null;
  status: BatchStatus;
  archive_status: Batch['archiveStatus'];
  quantity: number;
  order_reference: string | null;
  lot_number: string;
  progressive_from: string | number | null;
  progressive_to: string | number | null;
  user_name: string | null;
  expire_date: string | Date | null;
  generated_count: number;
  activation_count: number;
  archive_count: number;
  activated_at: string | Date | null;
  error_message: string | null;
}

const SELECT_COLUMNS = sql`SELECT b.id, b.company_id, b.created_at, b.updated_at, b.typology_id, t.name AS typology_name, t.type AS typology_type, t.value_cents,
    b.status, b.archive_status, b.quantity, b.order_reference, b.lot_number, b.progressive_from, b.progressive_to,
    nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name, b.expire_date, b.generated_count, b.activation_count,
    b.archive_count, b.activated_at, b.error_message`;
const FROM = sql`FROM card_batches b JOIN card_typologies t ON t.id = b.typology_id LEFT JOIN users u ON u.id = b.user_id`;
const SELECT = sql`${SELECT_COLUMNS} ${FROM}`;

const num = (v: string | number | null) => (v === null ? null : Number(v));
const iso = (v: string | Date) => new Date(v).toISOString();

function toBatch(r: Raw): Batch {
  return {
    id: r.id,
    companyId: r.company_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    typologyId: r.typology_id,
    typologyName: r.typology_name,
    typologyType: r.typology_type,
    valueCents: num(r.value_cents),
    status: r.status,
    archiveStatus: r.archive_status,
    quantity: r.quantity,
    orderReference: r.order_reference,
    lotNumber: r.lot_number,
    progressiveFrom: num(r.progressive_from),
    progressiveTo: num(r.progressive_to),
    userName: r.user_name,
    expireDate: r.expire_date === null ? null : typeof r.expire_date === 'string' ? r.expire_date.slice(0, 10) : r.expire_date.toISOString().slice(0, 10),
    generatedCount: r.generated_count,
    activationCount: r.activation_count,
    archiveCount: r.archive_count,
    activated: r.activated_at !== null,
    errorMessage: r.error_message,
  };
}

/** What a batch list can be ordered by; the declaration (batchFields) says which of these the API offers. */
export const BATCH_SORT_COLUMNS = { createdAt: sql`b.created_at`, lotNumber: sql`b.lot_number`, quantity: sql`b.quantity`, expireDate: sql`b.expire_date`, id: sql`b.id` } as const;
/** Each sort column's type, and whether it may be NULL (a batch with no expiry date). */
const BATCH_SORT_TYPES: Record<keyof typeof BATCH_SORT_COLUMNS, { type: KeyType; nullable?: boolean }> = {
  createdAt: { type: 'timestamptz' },
  lotNumber: { type: 'text' },
  quantity: { type: 'integer' },
  expireDate: { type: 'date', nullable: true },
  id: { type: 'uuid' },
};

export interface BatchPage {
  filter: BatchFilter;
  sort: { field: keyof typeof BATCH_SORT_COLUMNS; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  /** the previous page's last row: the page starts after it (offset unused) */
  after?: KeyPosition | null;
}

/** The order a batch list walks: the sort column, nulls first ascending (as the list always had them), ties by the batch id. */
const batchKey = (sort: BatchPage['sort']): SortKey => ({ column: BATCH_SORT_COLUMNS[sort.field], ...BATCH_SORT_TYPES[sort.field], nulls: 'smallest', id: sql`b.id`, order: sort.order });

/**
 * A page of the subtree's batches (after `offset` rows or after a cursor's row), one row more than
 * the page (Content-Range `*` when more exist), with the keys of its rows. Batches are few (one per
 * generation run), so a cursor's one or two conditions are simply ORed.
 */
export async function listBatches(db: Db, companyIds: readonly string[], page: BatchPage): Promise<KeyedRows<Batch>> {
  const { filter } = page;
  const parts: SQL[] = [inIds(sql`b.company_id`, companyIds)];
  if (filter.lotNumber) parts.push(sql`b.lot_number = ${filter.lotNumber}`);
  if (filter.typologyId) parts.push(sql`b.typology_id = ${filter.typologyId}`);
  if (filter.status) parts.push(sql`b.status = ${filter.status}`);
  if (filter.archiveStatus) parts.push(sql`b.archive_status = ${filter.archiveStatus}`);
  const key = batchKey(page.sort);
  parts.push(afterCondition(key, page.after));
  const rows = await queryRows<Raw & { sort_key: string | null }>(
    db,
    sql`${SELECT_COLUMNS}, ${key.column}::text AS sort_key ${FROM}
        WHERE ${sql.join(parts, sql` AND `)} ORDER BY ${keyOrder(key)} LIMIT ${page.limit + 1} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toBatch);
}

/** One batch of the subtree (undefined otherwise, so out-of-scope answers like unknown). */
export async function findBatch(db: Db, companyIds: readonly string[], id: string): Promise<Batch | undefined> {
  const [row] = await queryRows<Raw>(db, sql`${SELECT} WHERE b.id = ${id} AND ${inIds(sql`b.company_id`, companyIds)}`);
  return row ? toBatch(row) : undefined;
}

export async function batchById(db: Db, id: string): Promise<Batch | undefined> {
  const [row] = await queryRows<Raw>(db, sql`${SELECT} WHERE b.id = ${id}`);
  return row ? toBatch(row) : undefined;
}

type LockedBatch = Pick<CardBatchRow, 'id' | 'companyId' | 'typologyId' | 'lotNumber' | 'quantity' | 'status' | 'archiveStatus' | 'orderReference' | 'userId'> & {
  progressiveFrom: number | null;
  generatedCount: number;
  activatedAt: Date | null;
  expireDate: string | null;
  archiveFile: string | null;
};

/** The batch row locked for a state change (FOR UPDATE, inside the caller's transaction). */
export async function lockBatch(tx: Db, id: string): Promise<LockedBatch | undefined> {
  const [r] = await queryRows<{
    id: string;
    company_id: string;
    typology_id: string;
    lot_number: string;
    quantity: number;
    status: BatchStatus;
    archive_status: Batch['archiveStatus'];
    order_reference: string | null;
    user_id: string | null;
    progressive_from: string | number | null;
    generated_count: number;
    activated_at: string | Date | null;
    expire_date: string | Date | null;
    archive_file: string | null;
  }>(
    tx,
    sql`SELECT id, company_id, typology_id, lot_number, quantity, status, archive_status, order_reference, user_id, progressive_from, generated_count,
          activated_at, expire_date::text AS expire_date, archive_file
        FROM card_batches WHERE id = ${id} FOR UPDATE`,
  );
  if (!r) return undefined;
  return {
    id: r.id,
    companyId: r.company_id,
    typologyId: r.typology_id,
    lotNumber: r.lot_number,
    quantity: r.quantity,
    status: r.status,
    archiveStatus: r.archive_status,
    orderReference: r.order_reference,
    userId: r.user_id,
    progressiveFrom: num(r.progressive_from),
    generatedCount: r.generated_count,
    activatedAt: r.activated_at === null ? null : new Date(r.activated_at),
    expireDate: r.expire_date === null ? null : String(r.expire_date).slice(0, 10),
    archiveFile: r.archive_file,
  };
}

/** Sets columns of a batch (and updated_at). */
async function setBatch(db: Db, id: string, set: SQL): Promise<void> {
  await db.execute(sql`UPDATE card_batches SET ${set}, updated_at = now() WHERE id = ${id}`);
}

/** A job takes the batch: its running state, no error left. */
export async function markBatchRunning(tx: Db, id: string, running: BatchStatus): Promise<void> {
  await setBatch(tx, id, sql`status = ${running}, error_message = NULL`);
}

/** Generation starts with the range of progressives the batch took. */
export async function startGeneration(tx: Db, id: string, range: { from: number; to: number }): Promise<void> {
  await setBatch(tx, id, sql`progressive_from = ${range.from}, progressive_to = ${range.to}, status = 'IN_PROGRESS', error_message = NULL`);
}

/**
 * The advisory lock of one generation chunk (until the caller's transaction ends): two runners of
 * the same batch never write the same chunk at once.
 */
export async function lockGenerationChunk(tx: Db, id: string, chunk: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${id}), ${chunk})`);
}

/** A chunk's cards made (in the chunk's transaction). */
export async function addGeneratedCount(tx: Db, id: string, count: number): Promise<void> {
  await setBatch(tx, id, sql`generated_count = generated_count + ${count}`);
}

/** How many cards the batch's generation has made. */
export async function generatedCount(db: Db, id: string): Promise<number> {
  const [{ made }] = await queryRows<{ made: number }>(db, sql`SELECT generated_count AS made FROM card_batches WHERE id = ${id}`);
  return made;
}

export async function markBatchCompleted(db: Db, id: string): Promise<void> {
  await setBatch(db, id, sql`status = 'COMPLETED'`);
}

/** The activation job's progress: `count` cards in the target state. */
export async function setActivationCount(db: Db, id: string, count: number): Promise<void> {
  await setBatch(db, id, sql`activation_count = ${count}`);
}

export async function addActivationCount(db: Db, id: string, handled: number): Promise<void> {
  await setBatch(db, id, sql`activation_count = activation_count + ${handled}`);
}

/** Every card in the target state: COMPLETED, activated (now) or not. */
export async function markActivationCompleted(db: Db, id: string, activated: boolean): Promise<void> {
  const activatedAt = activated ? sql`now()` : sql`NULL`;
  await setBatch(db, id, sql`status = 'COMPLETED', activated_at = ${activatedAt}, activation_count = quantity`);
}

/** The archive job takes the batch: counted from 0, no error left. */
export async function markArchiveRunning(tx: Db, id: string): Promise<void> {
  await setBatch(tx, id, sql`archive_status = 'IN_PROGRESS', archive_count = 0, error_message = NULL`);
}

export async function setArchiveCount(db: Db, id: string, drawn: number): Promise<void> {
  await setBatch(db, id, sql`archive_count = ${drawn}`);
}

/** The archive file is whole in the file storage. */
export async function markArchiveCompleted(db: Db, id: string, file: string, bytes: number): Promise<void> {
  await setBatch(db, id, sql`archive_status = 'COMPLETED', archive_file = ${file}, archive_bytes = ${bytes}`);
}

/**
 * Whether a lot number is in use: by a batch (the unique index decides races), or by cards of the
 * company made before batches existed — a batch's cards are the company's cards of its lot.
 */
export async function lotNumberTaken(db: Db, companyId: string, lotNumber: string): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM card_batches WHERE lot_number = ${lotNumber})
          OR EXISTS (SELECT 1 FROM gift_cards WHERE company_id = ${companyId} AND lot_number = ${lotNumber}) AS taken`,
  );
  return row.taken;
}

/** A new batch (its cards are made by its job); answers its id. */
export async function insertBatch(
  tx: Db,
  b: { companyId: string; typologyId: string; lotNumber: string; quantity: number; orderReference: string | null; expireDate: string | null; userId: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO card_batches (company_id, typology_id, lot_number, quantity, order_reference, expire_date, user_id)
      VALUES (${b.companyId}, ${b.typologyId}, ${b.lotNumber}, ${b.quantity}, ${b.orderReference}, ${b.expireDate}, ${b.userId})
      RETURNING id`,
  );
  return row.id;
}

/** The archive is to be made (again): its job counts from 0. */
export async function markArchivePending(tx: Db, id: string): Promise<void> {
  await setBatch(tx, id, sql`archive_status = 'PENDING', archive_count = 0`);
}

/** An activation or deactivation queued: the batch's pending state, counted from 0, no error left. */
export async function markActivationPending(tx: Db, id: string, pending: BatchStatus): Promise<void> {
  await setBatch(tx, id, sql`status = ${pending}, activation_count = 0, error_message = NULL`);
}

/** The batch's archive file name, if one was made. */
export async function archiveFileName(db: Db, id: string): Promise<string | null> {
  const [row] = await queryRows<{ archive_file: string | null }>(db, sql`SELECT archive_file FROM card_batches WHERE id = ${id}`);
  return row?.archive_file ?? null;
}

/** A job's last attempt failed: the batch shows the ERROR state of that work with the reason. */
export async function markBatchError(db: Db, id: string, status: BatchStatus, reason: string): Promise<void> {
  await setBatch(db, id, sql`status = ${status}, error_message = ${reason}`);
}

export async function markArchiveError(db: Db, id: string, reason: string): Promise<void> {
  await setBatch(db, id, sql`archive_status = 'ERROR', error_message = ${reason}`);
}
