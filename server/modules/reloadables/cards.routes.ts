import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardBulkBodySchema,
  cardEventSchema,
  cardReloadBodySchema,
  clientIdBodySchema,
  linkCompanyBodySchema,
  reloadableCardFilterSchema,
  reloadableCardSchema,
  reloadRunDetailSchema,
} from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { cardEventFields, reloadableCardFields } from '../../../domain/schemas/reloadable-cards';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { itemParams, scopeParams } from '../../lib/route-support';
import { CARD_SORT_COLUMNS, cardHistory, findReloadableCard, listReloadableCards } from './cards.repository';
import { bulkCards, cardViewer, changeCard, reloadCard, setClientId } from './cards.service';
import { idempotencyOf } from './wallet.routes';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const CARD_ORDER = declaredOrder(reloadableCardFields, CARD_SORT_COLUMNS);
/** A card's history, newest first: the repository's order. */
const HISTORY_ORDER = declaredOrder(cardEventFields, ['createdAt', 'id'] as const);

const CARDS = 'reloadables/cards';
const HISTORY = 'reloadables/card-history';

/** /api/company/{companyId}/reloadable/cards… (README.md beside this file). */
export async function cardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reloadables'];
  const root = apiRoute('reloadables/cards');

  app.get(
    root,
    {
      schema: {
        tags,
        summary: 'Reloadable cards of the subtree (filter {q: number prefix, client ID or customer; status; clientId; userId; companyId}, sort number|lastReloadAt|expirationDate, range)',
        params: scopeParams,
        querystring: listQueryOf(CARD_ORDER.sortFields),
        response: { 200: z.array(reloadableCardSchema) },
      },
      config: routeAccess(CARDS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, reloadableCardFilterSchema, CARD_ORDER.sortFields, CARD_ORDER.defaultSort);
      const rows = await listReloadableCards(ctx.db, cardViewer(ctx, request.scopedActor), { ...q, limit: q.limit + 1 }, ctx.clock.now());
      return sendPage(reply, 'cards', q.offset, q.limit, rows);
    },
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'One reloadable card', params: itemParams, response: { 200: reloadableCardSchema } }, config: routeAccess(CARDS, 'show') },
    async (request) => {
      const card = await findReloadableCard(ctx.db, cardViewer(ctx, request.scopedActor), request.params.id, ctx.clock.now());
      if (!card) throw notFound();
      return card;
    },
  );

  app.get(
    `${root}/:id/history`,
    {
      schema: { tags, summary: "A card's history (issue, reloads, lock/unlock, company and client ID changes), newest first (range)", params: itemParams, querystring: listQueryOf(HISTORY_ORDER.sortFields), response: { 200: z.array(cardEventSchema) } },
      config: routeAccess(HISTORY, 'list'),
    },
    async (request, reply) => {
      const card = await findReloadableCard(ctx.db, cardViewer(ctx, request.scopedActor), request.params.id, ctx.clock.now());
      if (!card) throw notFound();
      const q = parseListQuery(request.query, z.object({}).strict(), HISTORY_ORDER.sortFields, HISTORY_ORDER.defaultSort);
      const rows = await cardHistory(ctx.db, card.id, q.sort, q.offset, q.limit + 1);
      return sendPage(reply, 'history', q.offset, q.limit, rows);
    },
  );

  for (const action of ['lock', 'unlock'] as const) {
    app.post(
      `${root}/:id/${action}`,
      {
        schema: { tags, summary: action === 'lock' ? 'ACTIVE or NOT ACTIVE → LOCKED' : 'LOCKED → ACTIVE', params: itemParams, response: { 200: reloadableCardSchema } },
        config: routeAccess(CARDS, action),
      },
      async (request) => changeCard(ctx, request.scopedActor, request.params.id, { kind: action }),
    );
  }

  app.post(
    `${root}/:id/company`,
    { schema: { tags, summary: 'Links the card to a company of the subtree', params: itemParams, body: linkCompanyBodySchema, response: { 200: reloadableCardSchema } }, config: routeAccess(CARDS, 'linkCompany') },
    async (request) => changeCard(ctx, request.scopedActor, request.params.id, { kind: 'linkCompany', companyId: request.body.companyId }),
  );

  app.post(
    `${root}/:id/client-id`,
    { schema: { tags, summary: "Sets the card's client ID (unique among the company's cards)", params: itemParams, body: clientIdBodySchema, response: { 200: reloadableCardSchema } }, config: routeAccess(CARDS, 'clientId') },
    async (request) => setClientId(ctx, request.scopedActor, request.params.id, request.body.clientId),
  );

  app.post(
    `${root}/:id/reload`,
    {
      schema: { tags, summary: 'Reloads the card now: a one-row run against the wallet (Idempotency-Key)', params: itemParams, body: cardReloadBodySchema, response: { 200: z.object({ card: reloadableCardSchema, run: reloadRunDetailSchema }) } },
      config: routeAccess(CARDS, 'reload'),
    },
    async (request) =>
      reloadCard(ctx, request.scopedActor, request.params.id, request.body.amountCents, idempotencyOf(request, `reloadable.cards.reload:${request.actor.companyId}:${request.params.id}`)),
  );

  app.post(
    `${root}/bulk`,
    {
      schema: {
        tags,
        summary: 'lock, unlock, reload or linkCompany on many cards: the per-id summary (Idempotency-Key)',
        params: scopeParams,
        body: cardBulkBodySchema,
        response: { 200: z.object({ action: z.string(), total: z.number(), succeeded: z.number(), failed: z.array(z.object({ id: z.string(), code: z.string(), error: z.string() })) }) },
      },
      config: routeAccess(CARDS, 'bulk'),
    },
    async (request) => bulkCards(ctx, request.scopedActor, request.body, idempotencyOf(request, `reloadable.cards.bulk:${request.actor.companyId}`)),
  );
}
