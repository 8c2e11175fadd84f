import { emailResendable, ONE_TIME_LINK_TEMPLATES, type EmailRecord } from '../../../domain/emails';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../lib/errors';
import { chargeRecipient } from '../../lib/work-limits';
import { requeueOutboxEmail } from '../../mail/mailer';
import { recordExplicit } from '../audit';
import { resendCommunication } from '../square/communications.service';
import { findEmail, lockOutboxEmail } from './repository';

/** One e-mail as the API answers it (without the table it is in); 404 when unknown. */
export async function emailOf(ctx: AppContext, id: string): Promise<EmailRecord> {
  const found = await findEmail(ctx.db, id);
  if (!found) throw notFound('No such e-mail');
  const { source: _source, ...record } = found;
  return record;
}

const busy = () => new ApiError(409, 'EMAIL_BUSY', 'Only a sent or failed e-mail can be sent again');

/**
 * Resend (domain/emails.ts): an outbox e-mail is queued again as a new e-mail (the same message
 * to the same address, `resentFromId` the first) unless it carries a one-time link (409
 * EMAIL_ONE_TIME_LINK), is still being delivered or has a resend still being delivered (409
 * EMAIL_BUSY); a square code's e-mail makes its next attempt (square's rule and answers). One
 * inbox takes so many copies (429 RECIPIENT_LIMITED, nothing queued). Answers the e-mail queued;
 * the audit trail gets the new outbox e-mail's creation (what it resends, to whom, which template).
 */
export async function resendEmail(ctx: AppContext, companyIds: readonly string[], id: string): Promise<EmailRecord> {
  const found = await findEmail(ctx.db, id);
  if (!found) throw notFound('No such e-mail');
  if (found.source === 'square') {
    await resendCommunication(ctx, companyIds, id);
    return emailOf(ctx, id);
  }
  const queued = await ctx.db.transaction(async (tx) => {
    const row = await lockOutboxEmail(tx, id);
    if (!row) throw notFound('No such e-mail');
    if (ONE_TIME_LINK_TEMPLATES.includes(row.template)) throw new ApiError(409, 'EMAIL_ONE_TIME_LINK', 'An e-mail carrying a one-time link is not sent again: ask for a new link');
    if (!emailResendable(row.template, row.status) || row.resendPending) throw busy();
    await chargeRecipient(tx, row.recipient);
    const copy = await requeueOutboxEmail(tx, id);
    // the outbox has no trigger (every e-mail is a row): a resend, someone's act, is recorded here,
    // in the same transaction, without the message (it may hold what only its recipient should read)
    if (copy) await recordExplicit(tx, { entity: 'email_outbox', entityId: copy, companyId: null, action: 'create', after: { resent_from: id, to_address: row.recipient, template: row.template } });
    return copy;
  });
  if (!queued) throw notFound('No such e-mail');
  ctx.jobs.wake();
  return emailOf(ctx, queued);
}
