import { chargeQueuedWork } from '../../lib/work-limits';
import { sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, knownLanguage, type Language } from '../../../domain/constants';
import { formatCents } from '../../../domain/format';
import type { Order } from '../../../domain/orders';
import { queryRows, type Db } from '../../db/client';
import type { EmailTemplate } from '../../../domain/emails';
import { DEFAULT_MAIL_RETRY_HOURS, EMAIL_JOB_MAX_ATTEMPTS, EMAIL_SEND_JOB } from '../../mail/mailer';
import { emailValues } from '../../mail/templates';
import { textsIn } from '../../lib/texts';

/**
 * Order e-mails go through the outbox like every other (an `email_outbox` row and its
 * `email.send` job, committed with the change that caused them). Texts: `orders.email.*` in
 * locales/<lang>/translation.json. Many recipients are written in one statement.
 */
type Texts = Record<'confirmationSubject' | 'confirmationText' | 'cards_one' | 'cards_other' | 'cardSubject' | 'cardText' | 'noExpiry', string>;

const texts = (language: Language): Texts => textsIn(language).orders.email;
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key] ?? '');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  template: Extract<EmailTemplate, 'orderConfirmation' | 'orderCard'>;
  language: string;
}

/** Outbox rows and their jobs for any number of e-mails, in the caller's transaction. Returns how many. */
export async function queueMails(db: Db, mails: readonly Mail[]): Promise<number> {
  return (await queueMailIds(db, mails)).length;
}

/** `queueMails`, answering the outbox rows' ids in the mails' order (what reads their delivery later, e.g. an integrated order's PIN status). */
export async function queueMailIds(db: Db, mails: readonly Mail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  // the request they are queued for pays for them (lib/work-limits.ts); a job's are free
  await chargeQueuedWork(db, 'mail');
  // each row names its job (the e-mails screen reads its next try there), each job its row; the jobs' retry window as queueEmail's (mail/mailer.ts)
  const rows = mails.map((m) => ({ id: crypto.randomUUID(), job_id: crypto.randomUUID(), to_address: m.to, subject: m.subject, text_body: m.text, template: m.template, language: m.language }));
  await db.execute(sql`WITH o AS (
      INSERT INTO email_outbox (id, to_address, subject, text_body, template, language, job_id)
      SELECT r.id, r.to_address, r.subject, r.text_body, r.template, r.language, r.job_id
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, job_id uuid, to_address text, subject text, text_body text, template text, language text)
      RETURNING id, job_id)
    INSERT INTO jobs (id, name, payload, max_attempts, retry_until)
    SELECT o.job_id, ${EMAIL_SEND_JOB}, jsonb_build_object('outboxId', o.id), ${EMAIL_JOB_MAX_ATTEMPTS}, now() + make_interval(hours => ${DEFAULT_MAIL_RETRY_HOURS}) FROM o`);
  return rows.map((r) => r.id);
}

const money = formatCents;

/** The confirmation e-mail: to the referent, and to the company's contact when the order asks for it. */
export async function queueConfirmation(db: Db, order: Order, language: string): Promise<number> {
  const lang = knownLanguage(language);
  const t = texts(lang);
  const recipients = new Map<string, string>();
  if (order.referentEmail) recipients.set(order.referentEmail.toLowerCase(), order.referentName ?? '');
  if (order.sendEmailToCompanyContact) {
    const [contact] = await queryRows<{ email: string; name: string }>(
      db,
      sql`SELECT u.email, u.first_name || ' ' || u.last_name AS name FROM companies c JOIN users u ON u.id = c.referent_user_id WHERE c.id = ${order.companyId}`,
    );
    if (contact && !recipients.has(contact.email.toLowerCase())) recipients.set(contact.email.toLowerCase(), contact.name);
  }
  const params = emailValues(
    t,
    {
      number: order.number,
      companyOrderNumber: order.companyOrderNumber ?? '',
      company: order.companyName,
      cards: order.physicalCards + order.digitalCards,
      total: money(order.totalCents, lang),
    },
    lang,
  );
  return queueMails(
    db,
    [...recipients].map(([to, name]) => ({
      to,
      subject: fill(t.confirmationSubject, params),
      text: fill(t.confirmationText, { ...params, name }),
      template: 'orderConfirmation',
      language: lang,
    })),
  );
}

/** Each names-list recipient of the order gets their card's code (at activation); marks them e-mailed. */
export async function queueRecipientCodes(db: Db, order: Order): Promise<number> {
  // a names-list recipient has no language of their own on record: the codes go out in the
  // language of whoever placed the order (who wrote the list for them), else the default one
  const rows = await queryRows<{ id: string; email: string; first_name: string; last_name: string; code: string; value: string | number; expire_date: Date | string | null; language: string | null }>(
    db,
    sql`SELECT r.id, r.email, r.first_name, r.last_name, g.code, g.balance_cents AS value, g.expire_date, u.language
        FROM order_recipients r JOIN gift_cards g ON g.id = r.card_id
        JOIN orders o ON o.id = r.order_id LEFT JOIN users u ON u.id = o.created_by_user_id
        WHERE r.order_id = ${order.id} AND r.emailed_at IS NULL ORDER BY r.item_id, r.position`,
  );
  const count = await queueMails(
    db,
    rows.map((r) =>
      cardCodeMail(
        { to: r.email, name: `${r.first_name} ${r.last_name}`.trim(), code: r.code, valueCents: Number(r.value), expireDate: r.expire_date, company: order.companyName },
        r.language ?? DEFAULT_LANGUAGE,
      ),
    ),
  );
  if (rows.length > 0) await db.execute(sql`UPDATE order_recipients SET emailed_at = now() WHERE order_id = ${order.id} AND card_id IS NOT NULL AND emailed_at IS NULL`);
  return count;
}

/** A card's code to its recipient: the e-mail every digital card's code goes out in (a names-list recipient's, an integrated order item's). */
export function cardCodeMail(card: { to: string; name: string; code: string; valueCents: number; expireDate: Date | string | null; company: string }, language: string): Mail {
  const lang = knownLanguage(language);
  const t = texts(lang);
  const expiry = card.expireDate ? new Date(card.expireDate).toISOString().slice(0, 10).split('-').reverse().join('/') : t.noExpiry;
  const params = { name: card.name, code: card.code, value: money(card.valueCents, lang), expiry, company: card.company };
  return { to: card.to, subject: fill(t.cardSubject, params), text: fill(t.cardText, params), template: 'orderCard', language: lang };
}
