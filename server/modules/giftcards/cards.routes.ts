import { apiRoute } from '../../../domain/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  CARD_COUNT_CAP,
  bulkResultSchema,
  cardCountSchema,
  cardExportQuerySchema,
  cardCodeSearchSchema,
  cardFilterSchema,
  cardMoveResultSchema,
  giftCardSchema,
  makeBulkSchema,
  makeMoveSchema,
  makeReloadSchema,
  normalizeCardCode,
  transactionSchema,
  type GiftCard,
} from '../../../domain/giftcards';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../lib/errors';
import { isSearchableCode } from '../../../domain/codes';
import { runBulk, runKeyedBulk } from './bulk.service';
import { CARD_ORDER, cardByCodeRead, countCards, findCardRecord, listCards, toCardRecord, type CardRecordRow } from './cards.repository';
import { answerHit } from '../../lib/rate-limit-store';
import { countedRead, type RateLimitHit } from '../../lib/rate-limit.repository';
import { cardsCsvStream } from './export';
import { runClaimed, unwrap } from '../../lib/idempotency';
import { cardTransactionFields } from '../../../domain/schemas/transaction';
import { declaredOrder, listQueryOf, parseFilter, parseListQuery, sendPage } from '../../lib/list-query';

/** A card's own ledger, newest first (the ledger's order). */
const CARD_LEDGER_ORDER = declaredOrder(cardTransactionFields, ['createdAt', 'id'] as const);
import { consume, freeze, reload } from './moves.service';
import { itemParams, scopeParams } from '../../lib/route-support';
import { moveOptions } from './move-options';
import { listTransactions } from './transactions.repository';
import { routeAccess } from '../../lib/route-access';

const CARDS = 'privative/giftcards';

/** /api/company/{companyId}/giftcard/cards… (server/modules/giftcards/README.md; typologies: server/modules/catalog). */
export async function cardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['giftcards'];
  const max = ctx.config.giftCards.maxTransactionCents;

  app.get(
    apiRoute(CARDS),
    { schema: { tags, summary: 'Gift cards of the company subtree (filter, sort, range; Content-Range total "*" when more pages exist)', params: scopeParams, querystring: listQueryOf(CARD_ORDER.sortFields), response: { 200: z.array(giftCardSchema) } }, config: routeAccess(CARDS, 'list') },
    async (request, reply) => {
      const q = parseListQuery(request.query, cardFilterSchema, CARD_ORDER.sortFields, CARD_ORDER.defaultSort);
      const page = await listCards(ctx.db, request.scopedActor.companyIds, { ...q, limit: q.limit + 1 });
      // a range past the end: the total counted up to the offset (sendPage)
      return sendPage(reply, 'cards', q.offset, q.limit, page, q.sort, async (cap) => (await countCards(ctx.db, request.scopedActor.companyIds, q.filter, cap)).count);
    },
  );

  app.get(
    `${apiRoute(CARDS)}/count`,
    {
      schema: { tags, summary: `How many cards match the filter: exact up to ${CARD_COUNT_CAP}, then {count: ${CARD_COUNT_CAP}, capped: true}`, params: scopeParams, querystring: cardExportQuerySchema.pick({ filter: true }), response: { 200: cardCountSchema } },
      config: routeAccess(CARDS, 'list'),
    },
    async (request) => countCards(ctx.db, request.scopedActor.companyIds, parseFilter(request.query.filter, cardFilterSchema), CARD_COUNT_CAP),
  );

  app.get(
    `${apiRoute(CARDS)}/export`,
    {
      schema: {
        tags,
        summary: 'The filtered card list as CSV for a spreadsheet in the given language (lang=it, es, fr, de: ";" and decimal comma; en: ","), times in tz; UTF-8 with BOM, streamed, formula-safe',
        params: scopeParams,
        querystring: cardExportQuerySchema,
      },
      config: routeAccess(CARDS, 'export'),
    },
    async (request, reply) => {
      const filter = parseFilter(request.query.filter, cardFilterSchema);
      const format = { language: request.query.lang ?? 'it', timeZone: request.query.tz ?? 'Europe/Rome' } as const;
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="giftcards.csv"').header('Cache-Control', 'no-store');
      return reply.send(cardsCsvStream(ctx.db, request.scopedActor.companyIds, filter, format));
    },
  );

  /**
   * A search is one round trip beside the caller's load: as soon as the access token is verified,
   * one statement counts the hit of the caller's rate limit (per user and address, one budget for
   * every instance) and reads the card with that code in the route company's subtree. The handler,
   * reached only past the guards (a disabled caller, a missing permission or a company out of scope
   * answer first), answers the limit, then a mistyped code, then the card.
   */
  const searchMax = ctx.config.giftCards.searchMaxPerMinute;
  const searches = new WeakMap<object, Promise<{ hit: RateLimitHit; card: GiftCard | undefined }>>();
  const countedSearch = countedRead<CardRecordRow>('tessera_giftcard_search', 60_000, searchMax, cardByCodeRead(sql.placeholder('companyId'), sql.placeholder('code')));
  const search = (request: FastifyRequest, userId: string, companyId: string) => {
    const { code } = request.query as { code?: unknown };
    const answer = countedSearch(ctx.db, `giftcard-search:${userId}:${request.ip}`, { companyId, code: normalizeCardCode(typeof code === 'string' ? code : '') }).then(({ hit, rows }) => ({
      hit,
      card: rows[0] && toCardRecord(rows[0]),
    }));
    answer.catch(() => undefined); // awaited by the handler; a request refused before it must not leave it unhandled
    searches.set(request, answer);
    return answer;
  };

  app.get(
    `${apiRoute(CARDS)}/search`,
    {
      schema: { tags, summary: 'One card by its exact code (unknown and out-of-scope codes answer the same 404); rate-limited per user and address', params: scopeParams, querystring: cardCodeSearchSchema, response: { 200: giftCardSchema } },
      config: { ...routeAccess('privative/giftcards-search', 'search'), onTokenVerified: (request, claims, companyId) => void (companyId && search(request, claims.userId, companyId)) },
    },
    async (request, reply) => {
      const { hit, card } = await (searches.get(request) ?? search(request, request.auth.user.id, request.actor.companyId));
      answerHit(reply, hit, searchMax);
      // a code of the checked format with a wrong check character is a typo: refused, whatever the read found
      if (!isSearchableCode(request.query.code)) throw new ApiError(400, 'VALIDATION_ERROR', 'The code is mistyped (its check character does not match)', { code: 'validation.cardCode' });
      if (!card) throw notFound();
      return card;
    },
  );

  app.post(
    `${apiRoute(CARDS)}/bulk`,
    { schema: { tags, summary: 'A bulk action on the given ids or on the filtered set; answers the operation summary; honours Idempotency-Key', params: scopeParams, body: makeBulkSchema(max), response: { 200: bulkResultSchema } }, config: routeAccess(CARDS, 'bulk') },
    async (request) => {
      const { idempotency } = moveOptions(ctx, request, `cards.bulk:${request.params.companyId}`, request.body);
      const actor = request.scopedActor;
      if (!idempotency) return runBulk(ctx.db, actor, request.body, max);
      return unwrap(await runClaimed(ctx.db, idempotency, ctx.config.giftCards.bulkLeaseSeconds, (claim) => runKeyedBulk(ctx.db, actor, request.body, max, claim)));
    },
  );

  app.get(
    `${apiRoute(CARDS)}/:id`,
    { schema: { tags, summary: 'One gift card', params: itemParams, response: { 200: giftCardSchema } }, config: routeAccess(CARDS, 'show') },
    async (request) => {
      const card = await findCardRecord(ctx.db, request.scopedActor.companyIds, request.params.id);
      if (!card) throw notFound();
      return card;
    },
  );

  app.get(
    `${apiRoute(CARDS)}/:id/transactions`,
    { schema: { tags, summary: "A card's ledger, newest first (same list shape as transactions)", params: itemParams, querystring: listQueryOf(CARD_LEDGER_ORDER.sortFields), response: { 200: z.array(transactionSchema) } }, config: routeAccess('privative/giftcard-transactions', 'list') },
    async (request, reply) => {
      const { companyIds } = request.scopedActor;
      if (!(await findCardRecord(ctx.db, companyIds, request.params.id))) throw notFound();
      const q = parseListQuery(request.query, z.object({}).strict(), CARD_LEDGER_ORDER.sortFields, CARD_LEDGER_ORDER.defaultSort);
      const page = await listTransactions(ctx.db, companyIds, { filter: { cardId: request.params.id }, field: q.sort.field, order: q.sort.order, offset: q.offset, after: q.after, limit: q.limit + 1 });
      return sendPage(reply, 'transactions', q.offset, q.limit, page, q.sort);
    },
  );

  app.post(
    `${apiRoute(CARDS)}/:id/reload`,
    { schema: { tags, summary: 'Reload (RECHARGE) a card; honours Idempotency-Key', params: itemParams, body: makeReloadSchema(max), response: { 200: cardMoveResultSchema } }, config: routeAccess(CARDS, 'reload') },
    async (request) => {
      const options = moveOptions(ctx, request, `cards.reload:${request.params.id}`, request.body);
      return unwrap(await reload(ctx.db, request.scopedActor, request.params.id, request.body.amountCents, options));
    },
  );

  app.post(
    `${apiRoute(CARDS)}/:id/consume`,
    { schema: { tags, summary: 'Consume from a card at a store; honours Idempotency-Key', params: itemParams, body: makeMoveSchema(max), response: { 200: cardMoveResultSchema } }, config: routeAccess(CARDS, 'consume') },
    async (request) => {
      const options = moveOptions(ctx, request, `cards.consume:${request.params.id}`, request.body);
      return unwrap(await consume(ctx.db, request.scopedActor, request.params.id, request.body, options));
    },
  );

  app.post(
    `${apiRoute(CARDS)}/:id/freeze`,
    { schema: { tags, summary: 'Freeze (hold) part of the available balance; honours Idempotency-Key', params: itemParams, body: makeMoveSchema(max), response: { 200: cardMoveResultSchema } }, config: routeAccess(CARDS, 'freeze') },
    async (request) => {
      const options = moveOptions(ctx, request, `cards.freeze:${request.params.id}`, request.body);
      return unwrap(await freeze(ctx.db, request.scopedActor, request.params.id, request.body, options));
    },
  );
}
