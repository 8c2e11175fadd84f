import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Actor } from './moves.service';
import { cardRoutes } from './cards.routes';
import { transactionRoutes } from './transactions.routes';

/** The gift-card ledger API (README.md beside this file). */
export async function giftcardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.decorateRequest('giftcardActor', null as unknown as Actor);
  await app.register(cardRoutes, { ctx });
  await app.register(transactionRoutes, { ctx });
}
