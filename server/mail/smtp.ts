import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { MailTransport } from './mailer';

/** The SMTP settings of the config (SMTP_*_TIMEOUT_SECONDS, MAIL_RETRY_HOURS). */
export type SmtpSettings = AppConfig['smtp'];

/**
 * Whatever the timeouts say, one send is given up after this long (4 minutes): below the square
 * sender's lease (SQUARE_MAIL_LEASE_SECONDS, 300 s), so no other instance takes a code whose send
 * is still in flight (smtp.test.ts checks both figures).
 */
export const SEND_TIMEOUT_CEILING_MS = 240_000;

/**
 * The longest one send may take, from `sendMail` to the server's answer, waiting for a pooled
 * connection included: the setup (connecting and the greeting), one socket timeout for the
 * commands (a healthy server answers each at once, and each answer restarts the socket's timer)
 * and one for the answer to the message itself (a server may scan it first). With the defaults
 * (10 s, 10 s, 60 s): 140 s. The socket timeout alone does not bound a send: a server that trickles
 * its answers, a byte now and then, never leaves the socket silent; this cap does.
 */
export function sendTimeoutMs(smtp: Pick<SmtpSettings, 'connectionTimeoutMs' | 'greetingTimeoutMs' | 'socketTimeoutMs'>): number {
  return Math.min(SEND_TIMEOUT_CEILING_MS, smtp.connectionTimeoutMs + smtp.greetingTimeoutMs + 2 * smtp.socketTimeoutMs);
}

/** nodemailer's timeout errors say only "Timeout": the stored reason says which one and how long it was. */
function explained(err: unknown, smtp: SmtpSettings, limitMs: number, capped: AbortSignal): unknown {
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  if (capped.aborted && err instanceof Error && err.name === 'AbortError') {
    return Object.assign(new Error(`Timeout: the send did not end within ${seconds(limitMs)} (the mail server answers too slowly); given up`), { code: 'ETIMEDOUT' });
  }
  if (!(err instanceof Error) || (err as { code?: unknown }).code !== 'ETIMEDOUT') return err;
  const kind = (err as { timeoutType?: unknown }).timeoutType;
  const why =
    kind === 'SOCKET_TIMEOUT'
      ? `the mail server was silent for ${seconds(smtp.socketTimeoutMs)}`
      : kind === 'CONNECT_TIMEOUT'
        ? `no connection to the mail server within ${seconds(smtp.connectionTimeoutMs)}`
        : kind === 'GREETING_TIMEOUT'
          ? `the mail server did not greet within ${seconds(smtp.greetingTimeoutMs)}`
          : null;
  if (why && !err.message.includes(why)) err.message = `${err.message}: ${why}`;
  return err;
}

/**
 * The outbox's SMTP transport (Node server only), or none when no SMTP_URL is configured. Pooled
 * unless SMTP_URL says `pool=false`: up to `maxConnections` (default 8, as many as the square
 * sender sends at once) connections stay open and carry message after message, instead of a
 * connection, greeting and goodbye per e-mail (62 messages/s without the pool on a local server).
 *
 * Timed out (issue 41; nodemailer's own defaults are 2 minutes to connect and 10 minutes of
 * silence): connecting, the greeting and a silent socket by SMTP_CONNECTION_TIMEOUT_SECONDS,
 * SMTP_GREETING_TIMEOUT_SECONDS and SMTP_SOCKET_TIMEOUT_SECONDS (these win over the same keys in
 * SMTP_URL), and the whole send by `sendTimeoutMs` (its connection is closed then). A send that
 * times out fails like an unreachable server: no answer, so it waits to retry (MAIL_RETRY_HOURS,
 * given to the outbox's job by api.ts: mailer.ts).
 */
export function createTransport(smtpUrl: string | null, smtp: SmtpSettings): MailTransport | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (url.searchParams.get('pool') === 'true' && !url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '8');
  url.searchParams.set('connectionTimeout', String(smtp.connectionTimeoutMs));
  url.searchParams.set('greetingTimeout', String(smtp.greetingTimeoutMs));
  url.searchParams.set('socketTimeout', String(smtp.socketTimeoutMs));
  const transporter = nodemailer.createTransport(url.toString());
  const limitMs = sendTimeoutMs(smtp);
  return {
    async sendMail(message) {
      // aborting a send closes the connection carrying it (nodemailer's per-send `signal`), pooled or not
      const capped = AbortSignal.timeout(limitMs);
      try {
        return await transporter.sendMail({ ...message, signal: capped });
      } catch (err) {
        throw explained(err, smtp, limitMs, capped);
      }
    },
    close: () => transporter.close(),
  };
}
