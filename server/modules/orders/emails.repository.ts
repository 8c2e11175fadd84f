import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { DEFAULT_MAIL_RETRY_HOURS, EMAIL_JOB_MAX_ATTEMPTS, EMAIL_SEND_JOB } from '../../mail/mailer';

/** The statements of an order's e-mails (emails.ts composes them and decides who gets what). */

/** An outbox row as written with its job: the row names its job, the job its row. */
export interface OutboxMailRow {
  id: string;
  job_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  template: string;
  language: string;
}

/** The outbox rows and their `email.send` jobs, in one statement; the jobs' attempts and retry window as queueEmail's (mail/mailer.ts). */
export async function insertOutboxMails(db: Db, rows: readonly OutboxMailRow[]): Promise<void> {
  await db.execute(sql`WITH o AS (
      INSERT INTO email_outbox (id, to_address, subject, text_body, template, language, job_id)
      SELECT r.id, r.to_address, r.subject, r.text_body, r.template, r.language, r.job_id
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, job_id uuid, to_address text, subject text, text_body text, template text, language text)
      RETURNING id, job_id)
    INSERT INTO jobs (id, name, payload, max_attempts, retry_until)
    SELECT o.job_id, ${EMAIL_SEND_JOB}, jsonb_build_object('outboxId', o.id), ${EMAIL_JOB_MAX_ATTEMPTS}, now() + make_interval(hours => ${DEFAULT_MAIL_RETRY_HOURS}) FROM o`);
}

/** The company's referent user (its contact): e-mail and full name, if it has one. */
export async function companyContact(db: Db, companyId: string): Promise<{ email: string; name: string } | undefined> {
  const [contact] = await queryRows<{ email: string; name: string }>(
    db,
    sql`SELECT u.email, u.first_name || ' ' || u.last_name AS name FROM companies c JOIN users u ON u.id = c.referent_user_id WHERE c.id = ${companyId}`,
  );
  return contact;
}

/** A names-list recipient still to e-mail, with their card and the language of whoever placed the order. */
export interface RecipientCode {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  code: string;
  value: string | number;
  expire_date: Date | string | null;
  language: string | null;
}

/** The order's names-list recipients with a card and no e-mail yet, in item and list order. */
export function recipientsToEmail(db: Db, orderId: string): Promise<RecipientCode[]> {
  return queryRows<RecipientCode>(
    db,
    sql`SELECT r.id, r.email, r.first_name, r.last_name, g.code, g.balance_cents AS value, g.expire_date, u.language
        FROM order_recipients r JOIN gift_cards g ON g.id = r.card_id
        JOIN orders o ON o.id = r.order_id LEFT JOIN users u ON u.id = o.created_by_user_id
        WHERE r.order_id = ${orderId} AND r.emailed_at IS NULL ORDER BY r.item_id, r.position`,
  );
}

/** The order's recipients with a card are e-mailed now. */
export async function markRecipientsEmailed(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`UPDATE order_recipients SET emailed_at = now() WHERE order_id = ${orderId} AND card_id IS NOT NULL AND emailed_at IS NULL`);
}
