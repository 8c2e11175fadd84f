import nodemailer from 'nodemailer';
import type { MailTransport } from './mailer';

/** The outbox's SMTP transport (Node server only), or none when no SMTP_URL is configured. */
export function createTransport(smtpUrl: string | null): MailTransport | null {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
}
