import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { JobRegistry } from '../../jobs/registry';
import { codeRoutes } from './codes.routes';
import { communicationRoutes } from './communications.routes';
import { registerSquareMailJob } from './communications.sender';
import { registerSquareOrderJobs } from './orders.jobs';
import { orderRoutes } from './orders.routes';

/** The square vouchers' API under /api/company/{companyId}/square/… (README.md beside this file). */
export async function squareRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(orderRoutes, { ctx });
  await app.register(codeRoutes, { ctx });
  await app.register(communicationRoutes, { ctx });
}

/** The orders' jobs (create, mint, activate, cancel) and the communications' sender. */
export function registerSquareJobs(ctx: AppContext, registry: JobRegistry): void {
  registerSquareOrderJobs(ctx, registry);
  registerSquareMailJob(ctx, registry);
}
