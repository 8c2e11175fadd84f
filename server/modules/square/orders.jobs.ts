import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { generateCardCodes } from '../../../domain/codes';
import { readSquareCsv, SQUARE_ORDER_JOB_TRANSITIONS, squareCodeExpiry, type SquareOrderState } from '../../../domain/square';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import type { JobContext, JobRegistry } from '../../jobs/registry';
import { concatBytes, chunksOf } from '../../lib/streams';
import { queueOrderMails } from './mail-queue';
import { squareOrderById, type SquareOrderRow } from './orders.repository';

/**
 * The order's jobs (README.md beside this file), each one move of SQUARE_ORDER_JOB_TRANSITIONS
 * done in chunks of `SQUARE_CHUNK_ROWS`: each chunk is its own transaction under the order's row
 * lock, picks only what is left to do (recipients not read, codes not minted, not activated, not
 * deleted) and updates the progress, so a job killed at any point and run again (the runner's
 * retry, another instance) finishes the move without doing anything twice. Between chunks the
 * job's `signal` is checked: a runner that lost its lease stops writing.
 */
export const SQUARE_JOBS = { create: 'square.create', mint: 'square.mint', activate: 'square.activate', cancel: 'square.cancel' } as const;

const payloadSchema = z.object({ orderId: z.uuid(), userId: z.uuid().nullable().optional() });
export interface SquareJobPayload {
  orderId: string;
  /** who asked (the code activities carry it) */
  userId: string | null;
}

type Move = keyof typeof SQUARE_ORDER_JOB_TRANSITIONS;
type Chunk = (tx: Db, order: SquareOrderRow) => Promise<number>;

/** One chunk in its own transaction, if the order is still in the move's state: the rows it did (0: nothing left), or null when the order moved on. */
async function chunk(db: Db, orderId: string, move: Move, work: Chunk): Promise<number | null> {
  return db.transaction(async (tx) => {
    const order = await squareOrderById(tx, orderId, true);
    if (!order || !(SQUARE_ORDER_JOB_TRANSITIONS[move].from as readonly SquareOrderState[]).includes(order.status)) return null;
    return work(tx, order);
  });
}

/** Chunks until one does nothing, then `finish` in the last chunk's way (locked, still in the state). */
async function runMove(ctx: AppContext, orderId: string, move: Move, signal: AbortSignal, work: Chunk, finish: Chunk): Promise<void> {
  for (;;) {
    signal.throwIfAborted();
    const done = await chunk(ctx.db, orderId, move, work);
    if (done === null) return;
    if (done === 0) break;
  }
  signal.throwIfAborted();
  await chunk(ctx.db, orderId, move, finish);
}

const count = async (tx: Db, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(tx, query))[0].n;
const setProgress = (tx: Db, orderId: string, done: ReturnType<typeof sql>) => tx.execute(sql`UPDATE square_orders SET progress_done = (${done}), updated_at = now() WHERE id = ${orderId}`);
const finished = (tx: Db, orderId: string, move: Move, extra = sql``) =>
  tx.execute(sql`UPDATE square_orders SET status = ${SQUARE_ORDER_JOB_TRANSITIONS[move].to}, progress_done = NULL, progress_total = NULL, updated_at = now() ${extra} WHERE id = ${orderId}`);

/** square.create (PENDING → DRAFT): the stored file's recipients, one row per line (unique per order and line). */
async function runCreate(ctx: AppContext, payload: SquareJobPayload, signal: AbortSignal): Promise<void> {
  const order = await squareOrderById(ctx.db, payload.orderId);
  if (!order || order.status !== 'PENDING' || !order.file_key) return;
  const body = await ctx.files.get(order.file_key);
  if (!body) throw new Error(`square order ${order.order_number}: its file ${order.file_key} is missing`);
  const parts: Uint8Array[] = [];
  for await (const part of chunksOf(body)) parts.push(part);
  const { recipients } = readSquareCsv(new TextDecoder().decode(concatBytes(parts)));
  const size = ctx.config.square.chunkRows;
  let at = 0;
  await runMove(
    ctx,
    order.id,
    'created',
    signal,
    async (tx) => {
      const part = recipients.slice(at, at + size);
      at += size;
      if (part.length === 0) return 0;
      const rows = JSON.stringify(part.map((r) => ({ line: r.line, email: r.email, first_name: r.firstName, last_name: r.lastName, amount_cents: r.amountCents })));
      await tx.execute(sql`
        INSERT INTO square_order_recipients (order_id, line, email, first_name, last_name, amount_cents)
        SELECT ${order.id}, x.line, x.email, x.first_name, x.last_name, x.amount_cents
        FROM jsonb_to_recordset(${rows}::jsonb) AS x(line int, email text, first_name text, last_name text, amount_cents bigint)
        ON CONFLICT (order_id, line) DO NOTHING`);
      await setProgress(tx, order.id, sql`SELECT count(*)::int FROM square_order_recipients WHERE order_id = ${order.id}`);
      return part.length;
    },
    // the totals are the recipients' own (the same the upload counted)
    (tx) =>
      finished(
        tx,
        order.id,
        'created',
        sql`, total_quantity = (SELECT count(*)::int FROM square_order_recipients WHERE order_id = ${order.id}),
              total_amount_cents = (SELECT COALESCE(sum(amount_cents), 0) FROM square_order_recipients WHERE order_id = ${order.id})`,
      ).then(() => 1),
  );
}

/**
 * square.mint (APPROVING → NOT_ACTIVE): a code for each recipient that has none, MINTED (+amount).
 * A generated code that collides with an existing one is skipped by ON CONFLICT and its recipient,
 * still without a code, is taken again by the next chunk with a new one: no recipient is lost.
 */
async function runMint(ctx: AppContext, payload: SquareJobPayload, signal: AbortSignal): Promise<void> {
  const size = ctx.config.square.chunkRows;
  await runMove(
    ctx,
    payload.orderId,
    'minted',
    signal,
    async (tx, order) => {
      const waiting = await queryRows<{ id: string }>(
        tx,
        sql`SELECT r.id FROM square_order_recipients r WHERE r.order_id = ${order.id}
            AND NOT EXISTS (SELECT 1 FROM square_codes k WHERE k.recipient_id = r.id) ORDER BY r.line LIMIT ${size}`,
      );
      if (waiting.length === 0) return 0;
      const codes = generateCardCodes(waiting.length);
      const rows = JSON.stringify(waiting.map((r, i) => ({ recipient_id: r.id, code: codes[i] })));
      await tx.execute(sql`
        WITH made AS (
          INSERT INTO square_codes (code, order_id, recipient_id, company_id, host, email, first_name, last_name, typology, amount_cents, value_cents, status)
          SELECT x.code, ${order.id}, r.id, ${order.company_id}, ${order.host}, r.email, r.first_name, r.last_name, ${order.typology}, r.amount_cents, r.amount_cents, 'NOT_ACTIVE'
          FROM jsonb_to_recordset(${rows}::jsonb) AS x(recipient_id uuid, code text) JOIN square_order_recipients r ON r.id = x.recipient_id
          ON CONFLICT DO NOTHING
          RETURNING id, amount_cents)
        INSERT INTO square_code_activities (code_id, activity, from_status, to_status, amount_cents, user_id)
        SELECT id, 'MINTED', NULL, 'NOT_ACTIVE', amount_cents, ${payload.userId} FROM made`);
      await setProgress(tx, order.id, sql`SELECT count(*)::int FROM square_codes WHERE order_id = ${order.id}`);
      return waiting.length;
    },
    (tx, order) => finished(tx, order.id, 'minted').then(() => 1),
  );
}

/**
 * square.activate (ACTIVATING → ACTIVE): codes NOT_ACTIVE → SOLD with the order's activation
 * instant and expiry (ACTIVATED), and in the same transaction one communication per code
 * (queueOrderMails: unique per code, so a restart queues nothing twice).
 */
async function runActivate(ctx: AppContext, payload: SquareJobPayload, signal: AbortSignal): Promise<void> {
  const size = ctx.config.square.chunkRows;
  let queued = false;
  await runMove(
    ctx,
    payload.orderId,
    'activated',
    signal,
    async (tx, order) => {
      const at = order.activated_at ? new Date(order.activated_at) : ctx.clock.now();
      const expiry = squareCodeExpiry(at, order.valid_months);
      const changed = await queryRows<{ id: string }>(
        tx,
        sql`WITH picked AS (
              SELECT id FROM square_codes WHERE order_id = ${order.id} AND status = 'NOT_ACTIVE' ORDER BY id LIMIT ${size} FOR UPDATE),
            sold AS (
              UPDATE square_codes k SET status = 'SOLD', sell_date = ${at.toISOString()}::timestamptz, activation_date = ${at.toISOString()}::timestamptz,
                expire_date = ${expiry.toISOString()}::timestamptz
              FROM picked WHERE k.id = picked.id RETURNING k.id),
            logged AS (
              INSERT INTO square_code_activities (code_id, activity, from_status, to_status, amount_cents, user_id)
              SELECT id, 'ACTIVATED', 'NOT_ACTIVE', 'SOLD', 0, ${payload.userId} FROM sold)
            SELECT id FROM sold`,
      );
      // the codes of a chunk a killed run activated whose mails it did not queue are caught by the last call (every code of the order)
      if (changed.length > 0) {
        await queueOrderMails(tx, order.id, changed.map((row) => row.id));
        queued = true;
      }
      await setProgress(tx, order.id, sql`SELECT count(*)::int FROM square_codes WHERE order_id = ${order.id} AND status <> 'NOT_ACTIVE'`);
      return changed.length;
    },
    async (tx, order) => {
      await queueOrderMails(tx, order.id);
      queued = true;
      await finished(tx, order.id, 'activated');
      return 1;
    },
  );
  if (queued) ctx.jobs.wake();
}

/**
 * square.cancel (CANCELLING → CANCELLED): codes → DELETED with their value to 0 (DELETED, −value),
 * their unsent e-mails stopped. A code found SPENT (spent since the cancel was asked) puts the
 * order back in the state it came from with the failure SQUARE_CODES_SPENT.
 */
async function runCancel(ctx: AppContext, payload: SquareJobPayload, signal: AbortSignal): Promise<void> {
  const size = ctx.config.square.chunkRows;
  let refused = false;
  await runMove(
    ctx,
    payload.orderId,
    'cancelled',
    signal,
    async (tx, order) => {
      if ((await count(tx, sql`SELECT count(*)::int AS n FROM square_codes WHERE order_id = ${order.id} AND status = 'SPENT'`)) > 0) {
        await tx.execute(sql`UPDATE square_orders SET status = COALESCE(cancelled_from, 'ACTIVE'), cancelled_from = NULL, failure = 'SQUARE_CODES_SPENT',
            progress_done = NULL, progress_total = NULL, updated_at = now() WHERE id = ${order.id}`);
        refused = true;
        return 0;
      }
      const deleted = await count(
        tx,
        sql`WITH picked AS (
              SELECT id, status, value_cents FROM square_codes WHERE order_id = ${order.id} AND status <> 'DELETED' ORDER BY id LIMIT ${size} FOR UPDATE),
            gone AS (
              UPDATE square_codes k SET status = 'DELETED', value_cents = 0 FROM picked WHERE k.id = picked.id RETURNING k.id),
            logged AS (
              INSERT INTO square_code_activities (code_id, activity, from_status, to_status, amount_cents, user_id)
              SELECT picked.id, 'DELETED', picked.status, 'DELETED', -picked.value_cents, ${payload.userId} FROM picked)
            SELECT count(*)::int AS n FROM gone`,
      );
      await tx.execute(sql`UPDATE square_communications SET status = 'FAILED', next_attempt_at = NULL, lease_until = NULL, last_smtp_answer = 'order cancelled'
          WHERE order_id = ${order.id} AND status IN ('QUEUED', 'RETRY_WAITING')`);
      await setProgress(tx, order.id, sql`SELECT count(*)::int FROM square_codes WHERE order_id = ${order.id} AND status = 'DELETED'`);
      return deleted;
    },
    (tx, order) => (refused ? Promise.resolve(0) : finished(tx, order.id, 'cancelled', sql`, cancelled_at = now(), cancelled_from = NULL`).then(() => 1)),
  );
}

type Runner = (ctx: AppContext, payload: SquareJobPayload, signal: AbortSignal) => Promise<void>;
const RUNNERS: Record<keyof typeof SQUARE_JOBS, Runner> = { create: runCreate, mint: runMint, activate: runActivate, cancel: runCancel };

/** A job's handler: its move, and on its last failed attempt the failure recorded on the order (its state stays: a retry by staff restarts it). */
export function squareJobHandler(ctx: AppContext, name: keyof typeof SQUARE_JOBS) {
  return async (raw: unknown, job: Pick<JobContext, 'signal' | 'lastAttempt'>): Promise<void> => {
    const parsed = payloadSchema.parse(raw);
    const payload: SquareJobPayload = { orderId: parsed.orderId, userId: parsed.userId ?? null };
    try {
      await RUNNERS[name](ctx, payload, job.signal);
    } catch (error) {
      if (job.lastAttempt && !job.signal.aborted) await ctx.db.execute(sql`UPDATE square_orders SET failure = 'square.failure.job', updated_at = now() WHERE id = ${payload.orderId}`);
      throw error;
    }
  };
}

export function registerSquareOrderJobs(ctx: AppContext, registry: JobRegistry): void {
  for (const name of Object.keys(SQUARE_JOBS) as Array<keyof typeof SQUARE_JOBS>) registry.register(SQUARE_JOBS[name], squareJobHandler(ctx, name));
}
