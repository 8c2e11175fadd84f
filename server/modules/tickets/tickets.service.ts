import type { z } from 'zod';
import type { Ticket, TicketCreateBody, TicketMessageBody } from '../../../domain/schemas/tickets';
import { messageWith } from '../../../domain/messages';
import {
  isTicketClosed,
  TICKET_LIMITS,
  TICKET_REOPEN_STATUS,
  ticketActionsFor,
  ticketAnswersSchema,
  ticketStatusAfterMessage,
  type TicketAction,
  type TicketAnswerAudience,
  type TicketAnswerValue,
  type TicketFieldDefinition,
  type TicketFile,
  type TicketStatus,
} from '../../../domain/tickets';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { checkTicketFile, type CheckedFile } from '../../lib/attachments';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/pg-errors';
import { currentVersion } from './categories.repository';
import { authorOf, mailTicketCreated, mailTicketMessage, mailTicketStatus } from './emails';
import {
  findAttachment,
  findTicket,
  insertAttachments,
  insertEvent,
  insertMessage,
  insertTicket,
  markDeleted,
  markMessaged,
  markRestored,
  setAnswers,
  setTicketStatus,
  toTicket,
  type TicketEventKind,
  type TicketRow,
} from './tickets.repository';
import { assertStaff, sideOf, type TicketActor } from './viewer';

/** The tickets' work (README.md beside this file): creation, messages, the moves of domain/tickets.ts, internal answers, files. */

const invalid = (errors: Record<string, string>) => new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', errors);
const stateInvalid = (action: TicketAction) => new ApiError(409, 'TICKET_STATE_INVALID', `The ticket is not in a state that allows ${action}`);

/** The ticket if the caller may see it: in the subtree, and for the customer's side not deleted (404 otherwise, as an unknown id). */
async function visibleTicket(db: Db, actor: TicketActor, id: string, lock = false): Promise<TicketRow> {
  const row = await findTicket(db, actor.companyIds, id, lock);
  if (!row || (row.deleted_at !== null && sideOf(actor) === 'CUSTOMER')) throw notFound('No such ticket');
  return row;
}

/** The ticket as the caller sees it. */
export async function ticketRecord(ctx: AppContext, actor: TicketActor, id: string): Promise<Ticket> {
  return toTicket(ctx.db, await visibleTicket(ctx.db, actor, id), sideOf(actor));
}

// ---------------------------------------------------------------- files

interface PendingFile {
  id: string;
  key: string;
  fieldId: string | null;
  file: CheckedFile;
}

/**
 * Every file of a request checked (lib/attachments.ts) before anything is written: the file
 * fields' answers and the extra attachments, together at most `TICKET_LIMITS.filesPerPost`.
 */
function checkFiles(ticketId: string, answerFiles: ReadonlyArray<readonly [string, TicketFile]>, attachments: readonly TicketFile[]): PendingFile[] {
  if (answerFiles.length + attachments.length > TICKET_LIMITS.filesPerPost) throw invalid({ attachments: messageWith('validation.maxItems', { max: TICKET_LIMITS.filesPerPost }) });
  const pending = (fieldId: string | null, file: TicketFile, key: string): PendingFile => {
    const id = crypto.randomUUID();
    return { id, key: `tickets/${ticketId}/${id}`, fieldId, file: checkTicketFile(file, key) };
  };
  return [...answerFiles.map(([fieldId, file]) => pending(fieldId, file, `answers.${fieldId}`)), ...attachments.map((file, i) => pending(null, file, `attachments.${i}`))];
}

/**
 * Runs `work` in a transaction that may store `files` (`store`, called inside it, before the
 * commit): when the transaction fails or is refused, the files it stored are removed, so a refused
 * or failed request leaves neither rows nor files.
 */
async function withFiles<T>(ctx: AppContext, work: (tx: Db, store: (files: readonly PendingFile[]) => Promise<void>) => Promise<T>): Promise<T> {
  const written: string[] = [];
  const store = async (files: readonly PendingFile[]) => {
    for (const pending of files) {
      const bytes = pending.file.bytes;
      written.push(pending.key);
      await ctx.files.put(pending.key, (async function* () { yield bytes; })(), pending.file.type);
    }
  };
  try {
    return await ctx.db.transaction((tx) => work(tx, store));
  } catch (error) {
    for (const key of written) await ctx.files.remove(key).catch(() => undefined);
    throw error;
  }
}


// ---------------------------------------------------------------- answers

/** zod's issues on the answers, keyed `answers.<fieldId>` (a file's inner parts on its field). */
function answerErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.length > 0 ? String(issue.path[0]) : '_'];
    const message = issue.code === 'unrecognized_keys' || !issue.message.startsWith('validation.') ? 'validation.invalid' : issue.message;
    for (const key of keys) out[`answers.${key}`] ??= message;
  }
  return out;
}

/** The answers checked with THE schema of domain/tickets.ts; file fields' answers come back apart (to be checked and stored). */
function readAnswers(fields: readonly TicketFieldDefinition[], audience: TicketAnswerAudience, raw: unknown): { values: Record<string, TicketAnswerValue>; files: Array<[string, TicketFile]> } {
  const parsed = ticketAnswersSchema(fields, audience).safeParse(raw);
  if (!parsed.success) throw invalid(answerErrors(parsed.error.issues));
  const values: Record<string, TicketAnswerValue> = {};
  const files: Array<[string, TicketFile]> = [];
  for (const field of fields) {
    const value = (parsed.data as Record<string, unknown>)[field.id];
    if (value === undefined) continue;
    if (field.type === 'file') files.push([field.id, value as TicketFile]);
    else values[field.id] = value as string | number;
  }
  return { values, files };
}

/** A file field's stored answer: its attachment. */
const fileAnswers = (files: readonly PendingFile[]): Record<string, TicketAnswerValue> =>
  Object.fromEntries(files.filter((f) => f.fieldId !== null).map((f) => [f.fieldId!, { attachmentId: f.id, name: f.file.name, size: f.file.bytes.byteLength }]));

async function addEvent(tx: Db, ticketId: string, kind: TicketEventKind, from: TicketStatus | null, to: TicketStatus, actor: TicketActor): Promise<void> {
  await insertEvent(tx, { ticketId, kind, from, to, side: sideOf(actor), userId: actor.userId });
}

// ---------------------------------------------------------------- creation

/**
 * POST tickets: in an active category (409 TICKET_CATEGORY_INACTIVE), the answers checked against
 * its current version, every file checked; then the ticket (number from ticket_number_seq, TO_DO,
 * event CREATED), its files and the support mailbox's e-mail, all or nothing.
 */
export async function createTicket(ctx: AppContext, actor: TicketActor, body: TicketCreateBody): Promise<Ticket> {
  const category = isUuid(body.categoryId) ? await currentVersion(ctx.db, body.categoryId) : null;
  if (!category) throw invalid({ categoryId: 'validation.invalid' });
  if (!category.active) throw new ApiError(409, 'TICKET_CATEGORY_INACTIVE', 'The category no longer takes new tickets');
  const answers = readAnswers(category.fields, 'customer', body.answers);
  const id = crypto.randomUUID();
  const files = checkFiles(id, answers.files, body.attachments);
  const author = await authorOf(ctx.db, actor.userId);
  await withFiles(ctx, async (tx, store) => {
    await insertTicket(tx, {
      id,
      companyId: actor.companyId,
      categoryId: category.id,
      categoryVersionId: category.versionId,
      priority: body.priority,
      description: body.description,
      email: (body.email ?? author.email).toLowerCase(),
      language: author.language,
      answers: { ...answers.values, ...fileAnswers(files) },
      createdBy: actor.userId,
    });
    await addEvent(tx, id, 'CREATED', null, 'TO_DO', actor);
    await store(files);
    await insertAttachments(tx, id, null, files, actor.userId);
    const row = await findTicket(tx, actor.companyIds, id);
    await mailTicketCreated(ctx, tx, row!, author);
  });
  ctx.jobs.wake();
  return ticketRecord(ctx, actor, id);
}

// ---------------------------------------------------------------- messages and moves

/**
 * POST tickets/{id}/messages: refused on a closed ticket (409 TICKET_CLOSED) or a deleted one;
 * the ticket moves to the body's status (provider staff only: 403 PROVIDER_STAFF_ONLY for the
 * customer's side) or per `ticketStatusAfterMessage`, with an event MESSAGE when it moved; the
 * other side is e-mailed.
 */
export async function postMessage(ctx: AppContext, actor: TicketActor, id: string, body: TicketMessageBody): Promise<Ticket> {
  const side = sideOf(actor);
  if (body.status !== undefined) assertStaff(actor, 'set a status');
  const files = checkFiles(id, [], body.attachments);
  const author = await authorOf(ctx.db, actor.userId);
  await withFiles(ctx, async (tx, store) => {
    const row = await visibleTicket(tx, actor, id, true);
    if (row.deleted_at !== null) throw stateInvalid('reply');
    if (isTicketClosed(row.status)) throw new ApiError(409, 'TICKET_CLOSED', 'The ticket is closed: reopen it to write');
    const to = body.status ?? ticketStatusAfterMessage(row.status, side);
    const messageId = crypto.randomUUID();
    await insertMessage(tx, { id: messageId, ticketId: id, side, body: body.body, authorId: actor.userId });
    await store(files);
    await insertAttachments(tx, id, messageId, files, actor.userId);
    if (to !== row.status) await addEvent(tx, id, 'MESSAGE', row.status, to, actor);
    await markMessaged(tx, id, to);
    await mailTicketMessage(ctx, tx, row, side, author, body.body, to);
  });
  ctx.jobs.wake();
  return ticketRecord(ctx, actor, id);
}

/** A move under the ticket's row lock, refused (409 TICKET_STATE_INVALID) unless `ticketActionsFor` offers `action` now. */
async function move(ctx: AppContext, actor: TicketActor, id: string, action: TicketAction, apply: (tx: Db, row: TicketRow) => Promise<boolean | void>): Promise<Ticket> {
  const mailed = await ctx.db.transaction(async (tx) => {
    const row = await visibleTicket(tx, actor, id, true);
    if (!ticketActionsFor({ status: row.status, deleted: row.deleted_at !== null }, sideOf(actor)).includes(action)) throw stateInvalid(action);
    return apply(tx, row);
  });
  if (mailed) ctx.jobs.wake();
  // a customer's delete answers the ticket as it is now (deleted, no actions), though they no longer see it
  const row = await findTicket(ctx.db, actor.companyIds, id);
  return toTicket(ctx.db, row!, sideOf(actor));
}

/** POST tickets/{id}/status: provider staff set any status but the current one; WAITING_FOR_CUSTOMER e-mails the customer. */
export async function setStatus(ctx: AppContext, actor: TicketActor, id: string, status: TicketStatus): Promise<Ticket> {
  assertStaff(actor, 'set a status');
  return move(ctx, actor, id, 'status', async (tx, row) => {
    if (row.status === status) throw stateInvalid('status');
    await setTicketStatus(tx, id, status);
    await addEvent(tx, id, 'STATUS', row.status, status, actor);
    if (status !== 'WAITING_FOR_CUSTOMER') return false;
    await mailTicketStatus(ctx, tx, row, status);
    return true;
  });
}

/** POST tickets/{id}/reopen: a closed ticket back to ON_GOING. */
export function reopenTicket(ctx: AppContext, actor: TicketActor, id: string): Promise<Ticket> {
  return move(ctx, actor, id, 'reopen', async (tx, row) => {
    await setTicketStatus(tx, id, TICKET_REOPEN_STATUS);
    await addEvent(tx, id, 'REOPENED', row.status, TICKET_REOPEN_STATUS, actor);
  });
}

/** DELETE tickets/{id}: soft (deleted_at); gone from the customer's side, restorable by provider staff. */
export function deleteTicket(ctx: AppContext, actor: TicketActor, id: string): Promise<Ticket> {
  return move(ctx, actor, id, 'delete', async (tx, row) => {
    await markDeleted(tx, id, actor.userId);
    await addEvent(tx, id, 'DELETED', row.status, row.status, actor);
  });
}

/** POST tickets/{id}/restore: provider staff bring a deleted ticket back. */
export function restoreTicket(ctx: AppContext, actor: TicketActor, id: string): Promise<Ticket> {
  assertStaff(actor, 'restore tickets');
  return move(ctx, actor, id, 'restore', async (tx, row) => {
    await markRestored(tx, id);
    await addEvent(tx, id, 'RESTORED', row.status, row.status, actor);
  });
}

/**
 * PUT tickets/{id}/internal: provider staff's answers to the internal fields of the ticket's
 * version (`ticketAnswersSchema(fields, 'internal')`), replacing the previous ones; the
 * customer's answers stay as they are, and so does an internal file field's file unless a new
 * one is sent (a form cannot send back a file it only shows).
 */
export async function setInternalAnswers(ctx: AppContext, actor: TicketActor, id: string, raw: unknown): Promise<Ticket> {
  assertStaff(actor, 'answer internal fields');
  const before = await visibleTicket(ctx.db, actor, id);
  const answers = readAnswers(before.fields, 'internal', raw);
  const files = checkFiles(id, answers.files, []);
  const replaced = new Set(before.fields.filter((f) => f.internal && f.type !== 'file').map((f) => f.id));
  await withFiles(ctx, async (tx, store) => {
    const row = await visibleTicket(tx, actor, id, true);
    if (!ticketActionsFor({ status: row.status, deleted: row.deleted_at !== null }, 'PROVIDER').includes('internal')) throw stateInvalid('internal');
    const kept = Object.fromEntries(Object.entries(row.answers).filter(([fieldId]) => !replaced.has(fieldId)));
    await store(files);
    await insertAttachments(tx, id, null, files, actor.userId);
    await setAnswers(tx, id, { ...kept, ...answers.values, ...fileAnswers(files) });
  });
  return ticketRecord(ctx, actor, id);
}

/** GET tickets/{id}/attachments/{attachmentId}: the file of a ticket the caller sees (an internal field's to provider staff only). */
export async function attachmentFile(ctx: AppContext, actor: TicketActor, id: string, attachmentId: string): Promise<{ name: string; body: ReadableStream<Uint8Array> }> {
  const row = await visibleTicket(ctx.db, actor, id);
  const attachment = await findAttachment(ctx.db, id, attachmentId);
  const internal = attachment?.field_id ? row.fields.some((f) => f.id === attachment.field_id && f.internal) : false;
  if (!attachment || (internal && sideOf(actor) === 'CUSTOMER')) throw notFound('No such attachment');
  const body = await ctx.files.get(attachment.file_key);
  if (!body) throw new ApiError(404, 'FILE_NOT_FOUND', 'The file is no longer in the file storage');
  return { name: attachment.name, body };
}
