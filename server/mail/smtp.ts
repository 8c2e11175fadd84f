import nodemailer from 'nodemailer';
import type { MailTransport } from './mailer';

/**
 * The outbox's SMTP transport (Node server only), or none when no SMTP_URL is configured. Pooled
 * unless SMTP_URL says `pool=false`: up to `maxConnections` (default 8, as many as the square
 * sender sends at once) connections stay open and carry message after message, instead of a
 * connection, greeting and goodbye per e-mail (62 messages/s without the pool on a local server).
 */
export function createTransport(smtpUrl: string | null): MailTransport | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (url.searchParams.get('pool') === 'true' && !url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '8');
  return nodemailer.createTransport(url.toString());
}
