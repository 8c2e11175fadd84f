import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { enqueue } from '../jobs/queue';
import type { JobRegistry } from '../jobs/registry';
import { renderEmail, type EmailParams, type EmailTemplate } from './templates';

export const EMAIL_SEND_JOB = 'email.send';

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
  await enqueue(db, EMAIL_SEND_JOB, { outboxId: row.id }, { maxAttempts: 8, charge: 'mail' });
  return row.id;
}

/** Where the outbox delivers: SMTP on the Node server (mail/smtp.ts); the demo keeps e-mails to show them. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
  /** closes what it keeps open (a pool's connections) when the server stops */
  close?(): void;
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
 * Delivers one outbox row: over SMTP when configured (a failure throws, so the runner retries),
 * otherwise into the server log, so a local user can still follow activation and reset links.
 */
export function registerEmailJob(
  registry: JobRegistry,
  deps: { db: Db; transport: MailTransport | null; from: string; log: FastifyBaseLogger },
): void {
  registry.register(EMAIL_SEND_JOB, async (payload, { attempt, lastAttempt }) => {
    const { outboxId } = payload as { outboxId: string };
    const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    if (!row || row.status !== 'queued') return;
    if (!deps.transport) {
      // The one log line that carries personal data, on purpose: without SMTP_URL (local use, the
      // dev server) the e-mail, its address and its link are printed so the user can follow it.
      // A server that sends e-mails (SMTP_URL set) never logs an address, a subject or a body.
      deps.log.info({ outboxId, to: row.toAddress, subject: row.subject }, `e-mail (no SMTP configured):\n${row.textBody}`);
      await deps.db
        .update(emailOutbox)
        .set({ status: 'logged', attempts: attempt, sentAt: new Date() })
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
      const message = err instanceof Error ? err.message : String(err);
      await deps.db.update(emailOutbox).set({ attempts: attempt, lastError: message.slice(0, 2000), ...(lastAttempt ? { status: 'failed' as const } : {}) }).where(eq(emailOutbox.id, outboxId));
      // the runner logs what is thrown: not nodemailer's error, whose message and fields
      // (`rejected`, `envelope`, `response`) may name the recipient (the row keeps the whole answer)
      throw loggableMailError(err);
    }
    await deps.db
      .update(emailOutbox)
      .set({ status: 'sent', attempts: attempt, sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, outboxId));
  });
}
