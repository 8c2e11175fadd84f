import { z } from 'zod';
import { generateCardCodes } from '../../../domain/codes';
import { readSquareCsv, SQUARE_ORDER_JOB_TRANSITIONS, squareCodeExpiry, type SquareOrderState } from '../../../domain/square';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobContext, JobRegistry } from '../../jobs/registry';
import { concatBytes, chunksOf } from '../../lib/streams';
import { queueOrderMails } from './mail-queue';
import {
  activateCodes,
  countActivated,
  deleteCodes,
  finishCancel,
  finishCreate,
  finishMove,
  insertRecipients,
  markJobFailure,
  mintCodes,
  recipientsWithoutCode,
  refuseCancel,
} from './order-jobs.repository';
import { hasSpentCode, squareOrderById, type SquareOrderRow } from './orders.repository';

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

const to = (move: Move) => SQUARE_ORDER_JOB_TRANSITIONS[move].to;

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
      await insertRecipients(tx, order.id, part);
      return part.length;
    },
    // the totals are the recipients' own (the same the upload counted)
    (tx) => finishCreate(tx, order.id, to('created')).then(() => 1),
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
      const waiting = await recipientsWithoutCode(tx, order.id, size);
      if (waiting.length === 0) return 0;
      const codes = generateCardCodes(waiting.length);
      await mintCodes(tx, order, waiting.map((r, i) => ({ recipientId: r.id, code: codes[i] })), payload.userId);
      return waiting.length;
    },
    (tx, order) => finishMove(tx, order.id, to('minted')).then(() => 1),
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
      const changed = await activateCodes(tx, order.id, at, expiry, size, payload.userId);
      // the codes of a chunk a killed run activated whose mails it did not queue are caught by the last call (every code of the order)
      if (changed.length > 0) {
        await queueOrderMails(tx, order.id, changed.map((row) => row.id));
        queued = true;
      }
      await countActivated(tx, order.id);
      return changed.length;
    },
    async (tx, order) => {
      await queueOrderMails(tx, order.id);
      queued = true;
      await finishMove(tx, order.id, to('activated'));
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
      if (await hasSpentCode(tx, order.id)) {
        await refuseCancel(tx, order.id);
        refused = true;
        return 0;
      }
      return deleteCodes(tx, order.id, size, payload.userId);
    },
    (tx, order) => (refused ? Promise.resolve(0) : finishCancel(tx, order.id, to('cancelled')).then(() => 1)),
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
      if (job.lastAttempt && !job.signal.aborted) await markJobFailure(ctx.db, payload.orderId);
      throw error;
    }
  };
}

export function registerSquareOrderJobs(ctx: AppContext, registry: JobRegistry): void {
  for (const name of Object.keys(SQUARE_JOBS) as Array<keyof typeof SQUARE_JOBS>) registry.register(SQUARE_JOBS[name], squareJobHandler(ctx, name));
}
