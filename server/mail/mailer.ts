import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { smtpOutcome } from '../../domain/square';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { enqueue } from '../jobs/queue';
import type { JobRegistry } from '../jobs/registry';
import { renderEmail, type EmailParams, type EmailTemplate } from './templates';

export const EMAIL_SEND_JOB = 'email.send';

/** MAIL_RETRY_HOURS' default: a transport that does not say (a test's, the demo's) retries this long. */
export const DEFAULT_MAIL_RETRY_HOURS = 48;

/**
 * An `email.send` job's attempts for failures that are not the mail server's (the database, a
 * bug). The mail server's own (a deferral, no answer) are retried until the e-mail's deadline
 * however many tries that takes: the handler keeps its job's `max_attempts` ahead meanwhile.
 */
export const EMAIL_JOB_MAX_ATTEMPTS = 8;

export interface QueuedEmail {
  to: string;
  template: EmailTemplate;
  language: string;
  params: EmailParams;
}

/**
 * Writes the outbox row and its `email.send` job with the caller's executor, so both commit with
 * the change that caused the e-mail (e.g. the reset token).
 */
export async function queueEmail(db: Db, email: QueuedEmail): Promise<string> {
  const rendered = renderEmail(email.template, email.language, email.params);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      template: email.template,
      language: rendered.language,
    })
    .returning({ id: emailOutbox.id });
  await enqueue(db, EMAIL_SEND_JOB, { outboxId: row.id }, { maxAttempts: EMAIL_JOB_MAX_ATTEMPTS, charge: 'mail' });
  return row.id;
}

/** Where the outbox delivers: SMTP on the Node server (mail/smtp.ts); the demo keeps e-mails to show them. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
  /** closes what it keeps open (a pool's connections) when the server stops */
  close?(): void;
  /** how long the outbox retries an e-mail this transport could not hand over (MAIL_RETRY_HOURS; default 48) */
  retryHours?: number;
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
 * Over SMTP (issue 41): a refusal (5xx) fails the e-mail at once, its answer kept on the row. A
 * deferral (4xx) or no answer (the server down, a timeout) keeps it queued with the reason on the
 * row, and the job is retried with the runner's back-off (5 s doubling, at most an hour apart,
 * on the business clock) until the e-mail's deadline: MAIL_RETRY_HOURS after the row was written
 * (`created_at`, so rows written before this rule get their full window too). While it is not
 * reached the handler keeps its job's `max_attempts` one ahead of its attempts, so the runner
 * never makes a try the last; the first failure past it fails the e-mail for good. An e-mail
 * settled for good (sent, refused, out of time) ends its job as done: the row says how it went
 * (the outbox's failed count is a metric), the warning in the log says why without the address.
 */
export function registerEmailJob(
  registry: JobRegistry,
  deps: { db: Db; transport: MailTransport | null; from: string; log: FastifyBaseLogger },
): void {
  registry.register(EMAIL_SEND_JOB, async (payload, { jobId, lastAttempt, log }) => {
    const { outboxId } = payload as { outboxId: string };
    const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    if (!row || row.status !== 'queued') return;
    // this e-mail's tries, whichever job made them
    const tries = row.attempts + 1;
    if (!deps.transport) {
      // The one log line that carries personal data, on purpose: without SMTP_URL (local use, the
      // dev server) the e-mail, its address and its link are printed so the user can follow it.
      // A server that sends e-mails (SMTP_URL set) never logs an address, a subject or a body.
      deps.log.info({ outboxId, to: row.toAddress, subject: row.subject }, `e-mail (no SMTP configured):\n${row.textBody}`);
      await deps.db
        .update(emailOutbox)
        .set({ status: 'logged', attempts: tries, sentAt: new Date() })
        .where(eq(emailOutbox.id, outboxId));
      return;
    }
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
      const retryHours = deps.transport.retryHours ?? DEFAULT_MAIL_RETRY_HOURS;
      const outOfTime = Date.now() >= new Date(row.createdAt).getTime() + retryHours * 3_600_000;
      // logged and thrown: never nodemailer's error, whose message and fields (`rejected`,
      // `envelope`, `response`) may name the recipient (the row keeps the whole answer)
      const safe = loggableMailError(err);
      if (failure.kind === 'permanent' || outOfTime) {
        await deps.db.update(emailOutbox).set({ status: 'failed', attempts: tries, lastError: failure.answer }).where(eq(emailOutbox.id, outboxId));
        const why = failure.kind === 'permanent' ? 'refused by the mail server' : `not handed over in ${retryHours} h`;
        log.warn({ outboxId, err: safe, tries }, `e-mail failed for good: ${why}`);
        return;
      }
      await deps.db.update(emailOutbox).set({ attempts: tries, lastError: failure.answer }).where(eq(emailOutbox.id, outboxId));
      if (lastAttempt) {
        // a job whose max_attempts was not kept ahead (one queued with 8 before this rule, on its
        // 8th): the e-mail goes on in a job of its own, the runner's back-off starting over
        await enqueue(deps.db, EMAIL_SEND_JOB, { outboxId }, { runAt: new Date(Date.now() + 60_000), maxAttempts: EMAIL_JOB_MAX_ATTEMPTS, charge: 'mail' });
        log.warn({ outboxId, err: safe, tries }, 'e-mail not handed over yet: retried by a new job');
        return;
      }
      // the next try is never the last while the deadline is not reached (the runner reads
      // max_attempts as it claims the job; it leaves it as it is when it re-queues it)
      await deps.db.execute(sql`UPDATE jobs SET max_attempts = greatest(max_attempts, attempts + 2) WHERE id = ${jobId}`);
      throw safe;
    }
    await deps.db
      .update(emailOutbox)
      .set({ status: 'sent', attempts: tries, sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, outboxId));
  });
}
