import type { TicketCategory } from '../../../domain/schemas/tickets';
import { ticketCategoryChangeRefusal, type TicketCategoryBody } from '../../../domain/tickets';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../lib/errors';
import { currentVersion, findCategory, insertCategory, insertNextVersion } from './categories.repository';
import { assertStaff, sideOf, type TicketActor } from './viewer';

/** The categories' writes (README.md beside this file): provider staff's; each save is a new version, the tickets keep theirs. */

export async function categoryRecord(ctx: AppContext, actor: TicketActor, id: string): Promise<TicketCategory> {
  const found = await findCategory(ctx.db, actor.companyIds, id, sideOf(actor));
  if (!found) throw notFound('No such ticket category');
  return found;
}

/** POST ticket-categories: the category and its version 1. */
export async function createCategory(ctx: AppContext, actor: TicketActor, body: TicketCategoryBody): Promise<TicketCategory> {
  assertStaff(actor, 'manage ticket categories');
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await insertCategory(tx, { id, versionId: crypto.randomUUID(), active: body.active, name: body.name, fields: body.fields, userId: actor.userId });
  });
  return categoryRecord(ctx, actor, id);
}

/**
 * PUT ticket-categories/{id}: a NEW version row (the old one is never changed, so every ticket
 * made with it keeps its fields), refused (409 TICKET_CATEGORY_CHANGE_REFUSED, the reason on
 * `fields`) when a field changes type or an option disappears. The category is locked so two
 * saves take consecutive numbers.
 */
export async function updateCategory(ctx: AppContext, actor: TicketActor, id: string, body: TicketCategoryBody): Promise<TicketCategory> {
  assertStaff(actor, 'manage ticket categories');
  await ctx.db.transaction(async (tx) => {
    const current = await currentVersion(tx, id, true);
    if (!current) throw notFound('No such ticket category');
    const refusal = ticketCategoryChangeRefusal(current.fields, body.fields);
    if (refusal) throw new ApiError(409, 'TICKET_CATEGORY_CHANGE_REFUSED', 'A field changed its type or lost an option its tickets may have chosen', { fields: refusal });
    await insertNextVersion(tx, { id, versionId: crypto.randomUUID(), active: body.active, name: body.name, fields: body.fields, userId: actor.userId });
  });
  return categoryRecord(ctx, actor, id);
}
