import { apiRoute } from '../../../domain/resources';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardExportQuerySchema } from '../../../domain/giftcards';
import { fundWalletBodySchema, reloadableUserFilterSchema, transferBodySchema, walletMovementFilterSchema, walletMovementSchema, walletSchema } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { subCompanyWalletFields } from '../../../domain/schemas/wallets';
import { walletMovementFields } from '../../../domain/schemas/wallet-movements';
import { declaredOrder, listQueryOf, listQuerySchema, parseFilter, parseListQuery, sendList, sendPage } from '../../lib/list-query';
import { idempotencyKeyOf, type IdempotencyRequest } from '../../lib/idempotency';
import { pathIdSchema, scopeParams } from '../../lib/route-support';
import { movementsCsvStream } from './export';
import { listMovements, subCompanyWallets, walletOf } from './wallet.repository';
import { assertSubCompany, fundWallet, transfer } from './wallet.service';
import { routeAccess } from '../../lib/route-access';

const WALLET = 'reloadables/wallet';
const SUBS = 'reloadables/walletSubCompanies';
const SUB_MOVEMENTS = 'reloadables/walletSubCompanies-movements';
const subParams = z.object({ companyId: pathIdSchema, subCompanyId: z.uuid() }).strict();
const subCompanyFilterSchema = reloadableUserFilterSchema;

export function idempotencyOf(request: FastifyRequest, route: string): IdempotencyRequest | null {
  const key = idempotencyKeyOf(request.headers);
  return key ? { key, userId: request.actor.userId, route, body: request.body ?? {} } : null;
}

/** Movements by date (their insertion order), sub-company wallets by name: the repositories' orders. */
const MOVEMENT_ORDER = declaredOrder(walletMovementFields, ['createdAt', 'id'] as const);
const SUB_WALLET_ORDER = declaredOrder(subCompanyWalletFields, ['companyName', 'id'] as const);

/** /api/company/{companyId}/reloadable/wallet… (README.md beside this file). */
export async function walletRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reloadables'];
  const root = '/api/company/:companyId/reloadable/wallet';

  const movements = (companyId: string, query: z.infer<typeof listQuerySchema>, reply: FastifyReply) => {
    // the movement's date is its order: `createdAt` sorts by insertion (seq), as two movements of one transaction share a time
    const q = parseListQuery(query, walletMovementFilterSchema, MOVEMENT_ORDER.sortFields, MOVEMENT_ORDER.defaultSort);
    return listMovements(ctx.db, companyId, { filter: q.filter, field: q.sort.field, order: q.sort.order, offset: q.offset, after: q.after, limit: q.limit + 1 }).then((page) => sendPage(reply, 'movements', q.offset, q.limit, page, q.sort));
  };
  const exportMovements = (companyId: string, query: z.infer<typeof cardExportQuerySchema>, reply: FastifyReply) => {
    const filter = parseFilter(query.filter, walletMovementFilterSchema);
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="wallet-movements.csv"').header('Cache-Control', 'no-store');
    return reply.send(movementsCsvStream(ctx.db, companyId, filter, { language: query.lang ?? 'it', timeZone: query.tz ?? 'Europe/Rome' }));
  };
  const wallet = async (companyId: string) => {
    const found = await walletOf(ctx.db, companyId);
    if (!found) throw notFound();
    return found;
  };

  app.get(
    root,
    { schema: { tags, summary: "The company's wallet (plafond): balance, reserved, available, last reload", params: scopeParams, response: { 200: walletSchema } }, config: routeAccess(WALLET, 'list') },
    async (request) => wallet(request.actor.companyId),
  );

  app.get(
    apiRoute(WALLET),
    {
      schema: { tags, summary: 'Wallet movements, newest first (filter {type, reason, dateFrom, dateTo}, range)', params: scopeParams, querystring: listQueryOf(MOVEMENT_ORDER.sortFields), response: { 200: z.array(walletMovementSchema) } },
      config: routeAccess(WALLET, 'list'),
    },
    async (request, reply) => movements(request.actor.companyId, request.query, reply),
  );

  app.get(
    `${apiRoute(WALLET)}/export`,
    { schema: { tags, summary: 'Wallet movements as CSV (lang it|en|es|fr|de, tz), streamed', params: scopeParams, querystring: cardExportQuerySchema }, config: routeAccess(WALLET, 'export') },
    async (request, reply) => exportMovements(request.actor.companyId, request.query, reply),
  );

  app.post(
    `${root}/fund`,
    { schema: { tags, summary: 'Provider staff fund the wallet (Idempotency-Key)', params: scopeParams, body: fundWalletBodySchema, response: { 200: walletSchema } }, config: routeAccess(WALLET, 'fund') },
    async (request) => fundWallet(ctx, request.actor, request.body, idempotencyOf(request, `wallet.fund:${request.actor.companyId}`)),
  );

  // ---------------------------------------------------------------- a parent's sub-companies
  app.get(
    apiRoute(SUBS),
    {
      schema: { tags, summary: 'Wallets of every company below {companyId} (filter {q}: name or code; range), by name', params: scopeParams, querystring: listQueryOf(SUB_WALLET_ORDER.sortFields), response: { 200: z.array(walletSchema) } },
      config: routeAccess(SUBS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, subCompanyFilterSchema, SUB_WALLET_ORDER.sortFields, SUB_WALLET_ORDER.defaultSort);
      const { rows, total } = await subCompanyWallets(ctx.db, request.actor.companyId, { q: q.filter.q, sort: q.sort, offset: q.offset, limit: q.limit });
      return sendList(reply, 'sub-companies', q.offset, rows, total);
    },
  );

  app.get(
    `${apiRoute(SUBS)}/:subCompanyId`,
    { schema: { tags, summary: "A sub-company's wallet", params: subParams, response: { 200: walletSchema } }, config: routeAccess(SUBS, 'show') },
    async (request) => {
      await assertSubCompany(ctx.db, request.actor.companyId, request.params.subCompanyId);
      return wallet(request.params.subCompanyId);
    },
  );

  app.get(
    apiRoute(SUB_MOVEMENTS),
    {
      schema: { tags, summary: "A sub-company's wallet movements, newest first", params: subParams, querystring: listQueryOf(MOVEMENT_ORDER.sortFields), response: { 200: z.array(walletMovementSchema) } },
      config: routeAccess(SUB_MOVEMENTS, 'list'),
    },
    async (request, reply) => {
      await assertSubCompany(ctx.db, request.actor.companyId, request.params.subCompanyId);
      return movements(request.params.subCompanyId, request.query, reply);
    },
  );

  app.get(
    `${apiRoute(SUB_MOVEMENTS)}/export`,
    { schema: { tags, summary: "A sub-company's wallet movements as CSV", params: subParams, querystring: cardExportQuerySchema }, config: routeAccess(SUB_MOVEMENTS, 'export') },
    async (request, reply) => {
      await assertSubCompany(ctx.db, request.actor.companyId, request.params.subCompanyId);
      return exportMovements(request.params.subCompanyId, request.query, reply);
    },
  );

  app.post(
    `${apiRoute(SUBS)}/:subCompanyId/transfer`,
    {
      schema: { tags, summary: 'Plafond to (TO_SUB) or back from (FROM_SUB) a sub-company (Idempotency-Key)', params: subParams, body: transferBodySchema, response: { 200: z.object({ parent: walletSchema, sub: walletSchema }) } },
      config: routeAccess(SUBS, 'transfer'),
    },
    async (request) =>
      transfer(ctx, request.actor, request.params.subCompanyId, request.body, idempotencyOf(request, `wallet.transfer:${request.actor.companyId}:${request.params.subCompanyId}`)),
  );
}
