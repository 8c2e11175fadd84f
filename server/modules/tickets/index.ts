import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { categoryRoutes } from './categories.routes';
import { supportTicketRoutes } from './tickets.routes';

/** The support tickets' API under /api/company/{companyId}/tickets… and ticket-categories… (README.md beside this file). */
export async function ticketRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(categoryRoutes, { ctx });
  await app.register(supportTicketRoutes, { ctx });
}
