import type { FastifyBaseLogger } from 'fastify';
import { DATE_FORMAT, knownLanguage } from '../../../domain/constants';
import { localDateTimeFormatter } from '../../../domain/csv';
import { formatCents } from '../../../domain/format';
import { squareRetryDelaySeconds } from '../../../domain/square';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobRegistry } from '../../jobs/registry';
import { firstQueuedJob } from '../../jobs/repository';
import type { Clock } from '../../lib/clock';
import { smtpFailure, SMTP_ANSWER_MAX, type MailTransport } from '../../mail/mailer';
import { renderEmail } from '../../mail/templates';
import {
  claimDueCommunications,
  nextCommunicationDue,
  renewCommunicationLeases,
  settleCommunication,
  type ClaimedCommunication as Claimed,
} from './communications-queue.repository';
import { queueSenderRun, SQUARE_MAIL_JOB } from './mail-queue';

/**
 * The square communications' sender (README.md beside this file, "Communications"): the table is
 * its own queue. A run claims due rows in batches (one statement, FOR UPDATE SKIP LOCKED, → SENDING
 * with a lease), sends each over SMTP, records the try and moves the row on by the answer; then it
 * enqueues a run for the earliest row still to come back. Several runs at once (two instances, a
 * rescued job) never hold one row together: the claim skips locked rows and takes only due ones,
 * and a row is sent only under a lease that outlasts its send (SQUARE_MAIL_LEASE_SECONDS).
 */

/** rows one claim takes; each batch's sends run a few at a time (one SMTP connection each) */
export const SQUARE_MAIL_BATCH = 50;
const SEND_CONCURRENCY = 8;
/**
 * A SENDING row whose runner died is taken again once its lease has run out: this long after its
 * send started. It must outlast one send, or another instance would send the code again while
 * the first send is still in flight: the SMTP transport (mail/smtp.ts) gives a send up after
 * `sendTimeoutMs` (140 s with the default timeouts: 10 s to connect, 10 s for the greeting, 60 s
 * of silence, twice; never more than 240 s), and a batch's rows get a fresh lease as their round
 * of sends starts, so the lease covers one send, never a batch (smtp.test.ts checks the figures).
 */
export const SQUARE_MAIL_LEASE_SECONDS = 300;

export interface SenderDeps {
  db: Db;
  clock: Clock;
  transport: MailTransport | null;
  from: string;
  log: FastifyBaseLogger;
}

type Outcome = { kind: 'sent' | 'temporary' | 'permanent'; answer: string | null };

// the day as every screen, file and e-mail writes it (SPEC §9: DD/MM/YYYY in every language),
// Rome's day of the instant
const romeDay = localDateTimeFormatter('Europe/Rome', DATE_FORMAT);
const dateIn = (at: Date | string | null) => (at === null ? '' : romeDay(new Date(at).getTime()));

/** The e-mail of one code, in its order's language. */
export function squareCodeEmail(row: Pick<Claimed, 'code' | 'first_name' | 'amount_cents' | 'expire_date' | 'host' | 'order_number' | 'language'>) {
  const language = knownLanguage(row.language);
  return renderEmail('squareCode', language, {
    firstName: row.first_name,
    code: row.code,
    amount: formatCents(Number(row.amount_cents), language),
    expiry: dateIn(row.expire_date),
    host: row.host,
    orderNumber: row.order_number,
  });
}

const clip = (text: string) => text.slice(0, SMTP_ANSWER_MAX);

async function deliver(deps: SenderDeps, row: Claimed): Promise<Outcome> {
  let mail;
  try {
    mail = squareCodeEmail(row);
  } catch (err) {
    // not the mail server's fault, and no retry would render it: the attempt fails, saying why
    return { kind: 'permanent', answer: clip(`not rendered: ${err instanceof Error ? err.message : String(err)}`) };
  }
  if (!deps.transport) {
    // personal data in the log on purpose, and only here: without SMTP_URL (local use) the e-mail
    // is printed for the user to read; with SMTP a failure goes to the row, never to the log
    deps.log.info({ communicationId: row.id, to: row.recipient, subject: mail.subject }, `e-mail (no SMTP configured):\n${mail.text}`);
    return { kind: 'sent', answer: null };
  }
  try {
    const info = (await deps.transport.sendMail({ from: deps.from, to: row.recipient, subject: mail.subject, text: mail.text, html: mail.html })) as { response?: unknown } | undefined;
    return { kind: 'sent', answer: typeof info?.response === 'string' ? clip(info.response) : null };
  } catch (err) {
    return smtpFailure(err);
  }
}

/**
 * Moves the row on by the try's outcome and records the try, in one statement; only while this
 * runner still holds it (SENDING with this claim's lease), so a runner that lost it writes nothing.
 */
async function settle(deps: SenderDeps, row: Claimed, leaseUntil: Date, outcome: Outcome): Promise<void> {
  const now = deps.clock.now();
  const tryNumber = row.tries + 1;
  const delay = outcome.kind === 'temporary' ? squareRetryDelaySeconds(tryNumber) : null;
  const status = outcome.kind === 'sent' ? 'SENT' : delay === null ? 'FAILED' : 'RETRY_WAITING';
  const next = delay === null ? null : new Date(now.getTime() + delay * 1000).toISOString();
  await settleCommunication(deps.db, row.id, leaseUntil, {
    status,
    tryNumber,
    outcome: outcome.kind,
    answer: outcome.answer,
    nextAttemptAt: next,
    sentAt: status === 'SENT' ? now.toISOString() : null,
    at: now.toISOString(),
  });
}

/** Moves the lease of `rows` from the claim's `heldUntil` to `leaseUntil`; answers the rows still held (the others are another run's now). */
async function renewLeases(db: Db, rows: Claimed[], heldUntil: Date, leaseUntil: Date): Promise<Claimed[]> {
  const held = new Set(await renewCommunicationLeases(db, rows.map((r) => r.id), heldUntil, leaseUntil));
  return rows.filter((r) => held.has(r.id));
}

/** One run for `at`, unless a waiting run already comes by then (runs at once would only find each other's rows taken). */
async function scheduleRun(db: Db, at: Date): Promise<void> {
  const waiting = await firstQueuedJob(db, SQUARE_MAIL_JOB);
  if (!waiting || new Date(waiting.run_at) > at) await queueSenderRun(db, at);
}

/** Sends every due communication, batch by batch, until none is due; returns how many tries were made. */
export async function sendDueCommunications(deps: SenderDeps, signal?: AbortSignal, batch = SQUARE_MAIL_BATCH): Promise<number> {
  let tries = 0;
  for (;;) {
    signal?.throwIfAborted();
    const now = deps.clock.now();
    const leaseUntil = new Date(now.getTime() + SQUARE_MAIL_LEASE_SECONDS * 1000);
    const rows = await claimDueCommunications(deps.db, now, leaseUntil, batch);
    if (rows.length === 0) break;
    for (let i = 0; i < rows.length; i += SEND_CONCURRENCY) {
      let round = rows.slice(i, i + SEND_CONCURRENCY);
      let lease = leaseUntil;
      if (i > 0) {
        // the earlier rounds took their time (a slow server: up to one send each): a fresh lease
        // for this round's rows, those still this run's (a row whose lease ran out meanwhile may
        // be another run's now: it is left to it)
        lease = new Date(deps.clock.now().getTime() + SQUARE_MAIL_LEASE_SECONDS * 1000);
        round = await renewLeases(deps.db, round, leaseUntil, lease);
      }
      await Promise.all(round.map(async (row) => settle(deps, row, lease, await deliver(deps, row))));
      tries += round.length;
    }
  }
  const next = await nextCommunicationDue(deps.db);
  if (next) await scheduleRun(deps.db, next);
  return tries;
}

/** The `square.mail` job (its runs are enqueued by the activation, a resend, and the sender itself). */
export function registerSquareMailJob(ctx: AppContext, registry: JobRegistry): void {
  registry.register(SQUARE_MAIL_JOB, async (_payload, { log, signal }) => {
    const tries = await sendDueCommunications({ db: ctx.db, clock: ctx.clock, transport: ctx.mail.transport, from: ctx.mail.from, log }, signal);
    if (tries > 0) log.info({ tries }, 'square communications sent');
  });
}
