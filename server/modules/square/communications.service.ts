import type { SquareCommunication } from '../../../domain/schemas/square';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../lib/errors';
import { chargeRecipient } from '../../lib/work-limits';
import { findCommunication, requeueCommunication } from './communications.repository';
import { queueSenderRun } from './mail-queue';

/**
 * Resend: a new attempt of a sent or failed communication of the subtree, and the sender's run
 * for it, committed together (the square communications screen, and the e-mails screen for a
 * square code's e-mail). 404 when not in the subtree; 409 SQUARE_COMMUNICATION_BUSY while it is
 * queued, sending or retrying; 429 RECIPIENT_LIMITED past the inbox's limit (nothing requeued).
 */
export async function resendCommunication(ctx: AppContext, companyIds: readonly string[], id: string): Promise<SquareCommunication> {
  const moved = await ctx.db.transaction(async (tx) => {
    const recipient = await requeueCommunication(tx, companyIds, id);
    if (recipient === null) return false;
    // one inbox takes so many copies (lib/work-limits.ts): past it 429 RECIPIENT_LIMITED and nothing requeued
    await chargeRecipient(tx, recipient);
    await queueSenderRun(tx);
    return true;
  });
  const found = await findCommunication(ctx.db, companyIds, id);
  if (!found) throw notFound('No such communication');
  if (!moved) throw new ApiError(409, 'SQUARE_COMMUNICATION_BUSY', 'Only a sent or failed communication can be sent again');
  ctx.jobs.wake();
  return found;
}
