import { chargeQueuedWork } from '../../lib/work-limits';
import { DEFAULT_LANGUAGE, knownLanguage, type Language } from '../../../domain/constants';
import { formatCents } from '../../../domain/format';
import type { Order } from '../../../domain/orders';
import type { Db } from '../../db/client';
import type { EmailTemplate } from '../../../domain/emails';
import { emailValues } from '../../mail/templates';
import { textsIn } from '../../lib/texts';
import { companyContact, insertOutboxMails, markRecipientsEmailed, recipientsToEmail } from './emails.repository';

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
  // each row names its job (the e-mails screen reads its next try there), each job its row
  const rows = mails.map((m) => ({ id: crypto.randomUUID(), job_id: crypto.randomUUID(), to_address: m.to, subject: m.subject, text_body: m.text, template: m.template, language: m.language }));
  await insertOutboxMails(db, rows);
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
    const contact = await companyContact(db, order.companyId);
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
  const rows = await recipientsToEmail(db, order.id);
  const count = await queueMails(
    db,
    rows.map((r) =>
      cardCodeMail(
        { to: r.email, name: `${r.first_name} ${r.last_name}`.trim(), code: r.code, valueCents: Number(r.value), expireDate: r.expire_date, company: order.companyName },
        r.language ?? DEFAULT_LANGUAGE,
      ),
    ),
  );
  if (rows.length > 0) await markRecipientsEmailed(db, order.id);
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
