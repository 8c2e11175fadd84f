import type { FastifyBaseLogger } from 'fastify';
import { smtpOutcome } from '../../domain/square';
import type { Db } from '../db/client';
import type { emailOutbox } from '../db/schema';
import { EMAIL_PENDING_STATUSES } from '../db/schema/outbox';
import { enqueue } from '../jobs/queue';
import { RetryLater, type JobRegistry } from '../jobs/registry';
import { failPendingOutboxRow, findOutboxRow, insertOutboxRow, orphanedOutboxRows, setOutboxRow } from './outbox.repository';
import { renderEmail, type EmailParams, type EmailTemplate } from './templates';

export const EMAIL_SEND_JOB = 'email.send';

/** MAIL_RETRY_HOURS' default: a transport that does not say (a test's, the demo's) retries this long. */
export const DEFAULT_MAIL_RETRY_HOURS = 48;

/**
 * An `email.send` job's attempts, which it may exceed: every job is queued with a retry window of
 * DEFAULT_MAIL_RETRY_HOURS (`retry_until`), which the handler moves to the e-mail's own deadline
 * (MAIL_RETRY_HOURS after the row was written) at its first failure, so neither a mail server's
 * outage nor the database's uses the e-mail's chances up before then (jobs/registry.ts, RetryLater).
 */
export const EMAIL_JOB_MAX_ATTEMPTS = 8;

const HOUR_MS = 3_600_000;

export interface QueuedEmail {
  to: string;
  template: EmailTemplate;
  language: string;
  params: EmailParams;
}

/**
 * Writes the outbox row and its `email.send` job with the caller's executor, so both commit with
 * the change that caused the e-mail (e.g. the reset token). `resentFrom`: the e-mail a resend sends again.
 */
export async function queueEmail(db: Db, email: QueuedEmail): Promise<string> {
  const rendered = renderEmail(email.template, email.language, email.params);
  return writeOutboxRow(db, { toAddress: email.to, subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html, template: email.template, language: rendered.language });
}

/** The row (its id made here, so its job names it) and its job, queued with the default retry window. */
async function writeOutboxRow(db: Db, row: Omit<typeof emailOutbox.$inferInsert, 'id' | 'jobId'>): Promise<string> {
  const id = crypto.randomUUID();
  const retryUntil = new Date(Date.now() + DEFAULT_MAIL_RETRY_HOURS * HOUR_MS);
  const jobId = await enqueue(db, EMAIL_SEND_JOB, { outboxId: id }, { maxAttempts: EMAIL_JOB_MAX_ATTEMPTS, retryUntil, charge: 'mail' });
  await insertOutboxRow(db, { ...row, id, jobId });
  return id;
}

/**
 * Queues an outbox e-mail again (a resend): a new row with the same message to the same address,
 * `resent_from` the first, and its job. Null when `id` is no outbox row. The caller checks the
 * rule (domain/emails.ts, emailResendable) on the row it locked.
 */
export async function requeueOutboxEmail(db: Db, id: string): Promise<string | null> {
  const row = await findOutboxRow(db, id);
  if (!row) return null;
  return writeOutboxRow(db, { toAddress: row.toAddress, subject: row.subject, textBody: row.textBody, htmlBody: row.htmlBody, template: row.template, language: row.language, resentFrom: row.id });
}

/**
 * The outbox's safety net, run by the cleanup job: an e-mail still to deliver whose job is gone
 * (failed for good on database errors past its window, or skipped by an instance of an earlier
 * release during a rolling one) is queued again while its deadline (`retryHours` after it was
 * written) lies ahead, and failed for good past it, so no row waits forever and none is lost
 * unsaid. A row younger than a quarter of an hour is left alone (its job may be a moment away
 * from being claimed again). Returns how many were queued again and failed.
 */
export async function sweepOutbox(db: Db, now: Date, retryHours: number): Promise<{ requeued: number; failed: number }> {
  const orphans = await orphanedOutboxRows(db, EMAIL_SEND_JOB, new Date(now.getTime() - 15 * 60_000));
  let requeued = 0;
  let failed = 0;
  for (const orphan of orphans) {
    const deadline = new Date(new Date(orphan.created_at).getTime() + retryHours * HOUR_MS);
    if (deadline <= now) {
      await failPendingOutboxRow(db, orphan.id, `not handed over to the mail server within ${retryHours} h`);
      failed += 1;
      continue;
    }
    await db.transaction(async (tx) => {
      const jobId = await enqueue(tx, EMAIL_SEND_JOB, { outboxId: orphan.id }, { maxAttempts: EMAIL_JOB_MAX_ATTEMPTS, retryUntil: deadline, charge: 'mail' });
      await setOutboxRow(tx, orphan.id, { jobId });
    });
    requeued += 1;
  }
  return { requeued, failed };
}

/** Where the outbox delivers: SMTP on the Node server (mail/smtp.ts); the demo keeps e-mails to show them. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
  /** closes what it keeps open (a pool's connections) when the server stops */
  close?(): void;
}

/** How long a mail server's answer is kept (an outbox row's `last_error`, a square try's answer). */
export const SMTP_ANSWER_MAX = 1000;

/** A failed send as the mail server's answer says: refused for good (5xx), or to try again (4xx, or no answer at all). */
export interface SmtpFailure {
  kind: 'temporary' | 'permanent';
  answer: string;
}

/**
 * What the mail server said, and what it means (the rule, `smtpOutcome`, is the square sender's
 * too): nodemailer's errors carry the answer (`response`, `responseCode`); a connection error or a
 * timeout has none, and its message is the answer kept. The answer may name the recipient: it is
 * stored (the row is the recipient's own), never logged (`loggableMailError`).
 */
export function smtpFailure(err: unknown): SmtpFailure {
  const e = (err ?? {}) as { responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const answer = typeof e.response === 'string' && e.response !== '' ? e.response : typeof e.message === 'string' && e.message !== '' ? e.message : String(err);
  return { kind: smtpOutcome(code), answer: answer.slice(0, SMTP_ANSWER_MAX) };
}

const ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g;

/** A mail server's failure as logged (loggableMailError): the logger names it by its class. */
class MailError extends Error {
  override name = 'MailError';
  code?: string;
  command?: string;
  responseCode?: number;
}

/**
 * A mail server's failure as it may be logged: its message with every e-mail address replaced,
 * and only the fields that say what went wrong (code, SMTP command and response code), never the
 * envelope, the rejected recipients or the server's whole answer.
 */
export function loggableMailError(err: unknown): Error {
  const source = (err ?? {}) as { message?: unknown; code?: unknown; command?: unknown; responseCode?: unknown };
  const message = typeof source.message === 'string' ? source.message : String(err);
  const safe = new MailError(message.replace(ADDRESS, '[address]'));
  if (typeof source.code === 'string') safe.code = source.code;
  if (typeof source.command === 'string') safe.command = source.command;
  if (typeof source.responseCode === 'number') safe.responseCode = source.responseCode;
  return safe;
}

/**
 * Delivers one outbox row: over SMTP when configured, otherwise into the server log, so a local
 * user can still follow activation and reset links.
 *
 * Over SMTP (issue 41): the row is `sending` while its try lasts. A refusal (5xx) fails the
 * e-mail at once, its answer kept on the row. A deferral (4xx) or no answer (the server down, a
 * timeout) makes it `retrying` with the reason on the row, and its job is tried again with the
 * runner's back-off (5 s doubling, at most an hour apart, on the business clock) until the
 * e-mail's deadline: `retryHours` (MAIL_RETRY_HOURS) after the row was written (`created_at`, so
 * rows written before this rule get their full window too), which the handler hands the runner
 * (RetryLater); the first failure past it fails the e-mail for good. A database error is the
 * runner's to retry within the same window. An e-mail settled for good (sent, refused, out of
 * time) ends its job as done: the row says how it went (the outbox's failed count is a metric),
 * the warning in the log says why without the address.
 */
export function registerEmailJob(
  registry: JobRegistry,
  deps: { db: Db; transport: MailTransport | null; from: string; log: FastifyBaseLogger; retryHours?: number; now?: () => Date },
): void {
  const retryHours = deps.retryHours ?? DEFAULT_MAIL_RETRY_HOURS;
  const now = deps.now ?? (() => new Date());
  registry.register(EMAIL_SEND_JOB, async (payload, { jobId, log }) => {
    const { outboxId } = payload as { outboxId: string };
    const row = await findOutboxRow(deps.db, outboxId);
    if (!row || !EMAIL_PENDING_STATUSES.includes(row.status)) return;
    // this e-mail's tries, whichever job made them
    const tries = row.attempts + 1;
    if (!deps.transport) {
      // The one log line that carries personal data, on purpose: without SMTP_URL (local use, the
      // dev server) the e-mail, its address and its link are printed so the user can follow it.
      // A server that sends e-mails (SMTP_URL set) never logs an address, a subject or a body.
      deps.log.info({ outboxId, to: row.toAddress, subject: row.subject }, `e-mail (no SMTP configured):\n${row.textBody}`);
      await setOutboxRow(deps.db, outboxId, { status: 'logged', attempts: tries, sentAt: now(), jobId });
      return;
    }
    await setOutboxRow(deps.db, outboxId, { status: 'sending', jobId });
    try {
      await deps.transport.sendMail({
        from: deps.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
      });
    } catch (err) {
      const failure = smtpFailure(err);
      const deadline = new Date(new Date(row.createdAt).getTime() + retryHours * HOUR_MS);
      const outOfTime = now() >= deadline;
      // logged and thrown: never nodemailer's error, whose message and fields (`rejected`,
      // `envelope`, `response`) may name the recipient (the row keeps the whole answer)
      const safe = loggableMailError(err);
      if (failure.kind === 'permanent' || outOfTime) {
        await setOutboxRow(deps.db, outboxId, { status: 'failed', attempts: tries, lastError: failure.answer });
        const why = failure.kind === 'permanent' ? 'refused by the mail server' : `not handed over in ${retryHours} h`;
        log.warn({ outboxId, err: safe, tries }, `e-mail failed for good: ${why}`);
        return;
      }
      await setOutboxRow(deps.db, outboxId, { status: 'retrying', attempts: tries, lastError: failure.answer });
      throw new RetryLater(`e-mail not handed over yet (${safe.message})`, deadline);
    }
    await setOutboxRow(deps.db, outboxId, { status: 'sent', attempts: tries, sentAt: now(), lastError: null });
  });
}
