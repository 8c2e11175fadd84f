import { localized, type TicketPriority, type TicketStatus } from '../../../domain/tickets';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { queueEmail } from '../../mail/mailer';
import { EMAIL_LANGUAGES, loadCatalog } from '../../mail/templates';
import { userContact } from '../account/repository';
import type { TicketRow } from './tickets.repository';

/**
 * Who hears of a ticket (README.md beside this file): the support mailbox (config
 * `tickets.supportEmail`, in Italian) of a new ticket and of every customer message; the ticket's
 * e-mail, in its creator's current language (their profile's; the ticket's own when the creator is
 * gone), of every staff message and of a move to WAITING_FOR_CUSTOMER. Queued in the caller's
 * transaction (the outbox commits with the change); the caller wakes the jobs after the commit.
 * No e-mail carries a field's answer, so an internal field never reaches a customer.
 */

export interface Author {
  name: string;
  email: string;
  language: string;
}

/** The user's name (or e-mail), address and language, for e-mails and defaults. */
export async function authorOf(db: Db, userId: string): Promise<Author> {
  const row = await userContact(db, userId);
  return { name: row?.name ?? row?.email ?? '', email: row?.email ?? '', language: row?.language ?? 'it' };
}

const SUPPORT_LANGUAGE = 'it';
/** The language the customer's e-mails go out in: the creator's now (they may have switched since), else the ticket's. */
export const customerLanguage = (row: Pick<TicketRow, 'creator_language' | 'language'>) => row.creator_language ?? row.language;

/** The e-mail's language as the templates have it (a language outside the choice gets Italian, as in renderEmail). */
const lang = (language: string) => ((EMAIL_LANGUAGES as readonly string[]).includes(language) ? language : SUPPORT_LANGUAGE);
const statusName = (status: TicketStatus, language: string) => loadCatalog(lang(language)).ticketStatus[`status_${status}`] ?? status;
const priorityName = (priority: TicketPriority, language: string) => loadCatalog(lang(language)).ticketCreated[`priority_${priority}`] ?? priority;

const linkOf = (ctx: AppContext, id: string) => `${ctx.config.publicUrl}/tickets/${id}`;

/** A new ticket: to the support mailbox. */
export async function mailTicketCreated(ctx: AppContext, db: Db, row: TicketRow, author: Author): Promise<void> {
  await queueEmail(db, {
    to: ctx.config.tickets.supportEmail,
    template: 'ticketCreated',
    language: SUPPORT_LANGUAGE,
    params: {
      number: String(row.number),
      company: row.company_name,
      category: localized(row.category_name, SUPPORT_LANGUAGE),
      priority: priorityName(row.priority, SUPPORT_LANGUAGE),
      author: author.name,
      email: row.email,
      description: row.description,
      link: linkOf(ctx, row.id),
    },
  });
}

/** A message: a customer's to the support mailbox, provider staff's to the ticket's e-mail. `status`: the ticket's after it. */
export async function mailTicketMessage(ctx: AppContext, db: Db, row: TicketRow, from: 'CUSTOMER' | 'PROVIDER', author: Author, message: string, status: TicketStatus): Promise<void> {
  const [to, language] = from === 'CUSTOMER' ? [ctx.config.tickets.supportEmail, SUPPORT_LANGUAGE] : [row.email, customerLanguage(row)];
  await queueEmail(db, {
    to,
    template: 'ticketMessage',
    language,
    params: { number: String(row.number), company: row.company_name, author: author.name, message, status: statusName(status, language), link: linkOf(ctx, row.id) },
  });
}

/** Provider staff moved the ticket to WAITING_FOR_CUSTOMER (or another status the customer must hear of): to the ticket's e-mail. */
export async function mailTicketStatus(ctx: AppContext, db: Db, row: TicketRow, status: TicketStatus): Promise<void> {
  const language = customerLanguage(row);
  await queueEmail(db, {
    to: row.email,
    template: 'ticketStatus',
    language,
    params: { number: String(row.number), subject: row.description.slice(0, 140), status: statusName(status, language), link: linkOf(ctx, row.id) },
  });
}
