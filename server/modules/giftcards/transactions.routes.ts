import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardMoveResultSchema, makeReturnSchema, transactionFilterSchema, transactionSchema } from '../../../domain/giftcards';
import type { AppContext } from '../../context';
import { unwrap } from '../../lib/idempotency';
import { transactionFields } from '../../../domain/schemas/transaction';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { itemParams, scopeParams } from '../../lib/route-support';
import { moveOptions } from './move-options';

/** The ledger is read by date, newest or oldest first (its indexes: created_at, id). */
const LEDGER_ORDER = declaredOrder(transactionFields, ['createdAt', 'id'] as const);
import { cancel, returnConsume, unfreeze } from './transaction-actions.service';
import { listTransactions } from './transactions.repository';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

/** /api/company/{companyId}/giftcard/transactions… (privative.transactions). */
export async function transactionRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];
  const root = apiRoute('privative/transactions');
  const guard = (action: string) => routeAccess('privative/transactions', action);
  const emptyBody = z.object({}).strict().optional();

  app.get(
    root,
    { schema: { tags, summary: 'Ledger rows of the company subtree, newest first (filter type, dateFrom, dateTo, storeId, cardId)', params: scopeParams, querystring: listQueryOf(LEDGER_ORDER.sortFields), response: { 200: z.array(transactionSchema) } }, config: guard('list') },
    async (request, reply) => {
      const q = parseListQuery(request.query, transactionFilterSchema, LEDGER_ORDER.sortFields, LEDGER_ORDER.defaultSort);
      const page = await listTransactions(ctx.db, request.scopedActor.companyIds, { filter: q.filter, field: q.sort.field, order: q.sort.order, offset: q.offset, after: q.after, limit: q.limit + 1 });
      return sendPage(reply, 'transactions', q.offset, q.limit, page, q.sort);
    },
  );

  app.post(
    `${root}/:id/unfreeze`,
    { schema: { tags, summary: 'Release a FREEZE (once); honours Idempotency-Key', params: itemParams, body: emptyBody, response: { 200: cardMoveResultSchema } }, config: guard('unfreeze') },
    async (request) => unwrap(await unfreeze(ctx.db, request.scopedActor, request.params.id, moveOptions(ctx, request, `transactions.unfreeze:${request.params.id}`, {}))),
  );

  app.post(
    `${root}/:id/return`,
    { schema: { tags, summary: 'Return part of a CONSUME (never more than it has left); honours Idempotency-Key', params: itemParams, body: makeReturnSchema(ctx.config.giftCards.maxTransactionCents), response: { 200: cardMoveResultSchema } }, config: guard('return') },
    async (request) => {
      const options = moveOptions(ctx, request, `transactions.return:${request.params.id}`, request.body);
      return unwrap(await returnConsume(ctx.db, request.scopedActor, request.params.id, request.body, options));
    },
  );

  app.post(
    `${root}/:id/cancel`,
    { schema: { tags, summary: 'Cancel a CONSUME, RECHARGE or RETURN (once); honours Idempotency-Key', params: itemParams, body: emptyBody, response: { 200: cardMoveResultSchema } }, config: guard('cancel') },
    async (request) => unwrap(await cancel(ctx.db, request.scopedActor, request.params.id, moveOptions(ctx, request, `transactions.cancel:${request.params.id}`, {}))),
  );
}
