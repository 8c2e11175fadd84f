import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { JobRegistry } from '../../jobs/registry';
import { cardRoutes } from './cards.routes';
import { registerNotificationJobs } from './notifications';
import { notificationRoutes } from './notifications.routes';
import { registerReloadJobs } from './reloads.jobs';
import { reloadRoutes } from './reloads.routes';
import { testClockRoutes } from './test-clock.routes';
import { userRoutes } from './users.routes';
import { walletRoutes } from './wallet.routes';

/** The reloadable programme's API under /api/company/{companyId}/reloadable/… (README.md beside this file). */
export async function reloadableRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(walletRoutes, { ctx });
  await app.register(cardRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(reloadRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  if (ctx.config.testClock) await app.register(testClockRoutes, { ctx });
}

/** Scheduled runs, notifications and the monthly statement. */
export function registerReloadableJobs(ctx: AppContext, registry: JobRegistry): void {
  registerReloadJobs(ctx, registry);
  registerNotificationJobs(ctx, registry);
}
