import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { cardRoutes } from './cards.routes';
import { transactionRoutes } from './transactions.routes';

/** The gift-card ledger API (README.md beside this file). */
export async function giftcardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(cardRoutes, { ctx });
  await app.register(transactionRoutes, { ctx });
}
