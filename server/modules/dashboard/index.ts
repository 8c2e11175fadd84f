import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canAccess } from '../../../domain/access';
import { dashboardEmbedSchema, dashboardQuerySchema, dashboardStatsSchema } from '../../../domain/dashboard';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { subtreeIds } from '../../db/company-scope';
import { scopeParams } from '../../lib/route-support';
import { PowerBiClient } from './powerbi';
import { registerDashboardRollupJob } from './rollup';
import { dashboardStats } from './stats';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const DASHBOARD = 'dashboard';

/**
 * The analytics dashboard under /api/company/{companyId}/dashboard/… (README.md beside this file),
 * and the rollup job that keeps the summaries it reads.
 */
export async function dashboardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerDashboardRollupJob(app.jobRegistry, ctx.db, ctx.config.dashboard.rollupMinutes, () => ctx.clock.now());
  // one per instance: its Entra token is cached for every caller
  const powerBi = ctx.config.dashboard.powerBi ? new PowerBiClient(ctx.config.dashboard.powerBi, app.log.child({ component: 'powerbi' })) : null;
  const tags = ['dashboard'];
  const root = apiRoute('dashboard');

  app.get(
    `${root}/stats`,
    {
      schema: {
        tags,
        summary: "The gift cards' figures of a period (from the daily summaries): the series, the totals, the outstanding balance; with powerBi.reportPremium the previous period and the typology and store breakdowns",
        params: scopeParams,
        // checked after the guards (onRequest): a caller without the flag learns 403 before anything about the query
        querystring: dashboardQuerySchema,
        response: { 200: dashboardStatsSchema },
      },
      config: routeAccess(DASHBOARD, 'list'),
    },
    async (request) => {
      const query = request.query;
      const scope = request.scopedActor.companyIds;
      const companyId = query.companyId || request.scopedActor.companyId;
      if (!scope.includes(companyId)) throw notFound();
      const companyIds = query.includeSubCompanies === 'false' ? [companyId] : companyId === request.scopedActor.companyId ? scope : await subtreeIds(ctx.db, companyId);
      return dashboardStats(ctx.db, { from: query.from, to: query.to, companyIds, premium: canAccess(request.scopedActor.permissions, DASHBOARD, 'premium') });
    },
  );

  app.get(
    `${root}/embed`,
    {
      schema: {
        tags,
        summary: 'How the dashboard shows: a Power BI embed token filtered to the company subtree when the server is configured for it, else the built-in charts (with a notice when Power BI failed)',
        params: scopeParams,
        response: { 200: dashboardEmbedSchema },
      },
      config: routeAccess(DASHBOARD, 'list'),
    },
    async (request, reply) => {
      // an embed token is a credential: no cache may keep it
      void reply.header('cache-control', 'no-store');
      if (!powerBi) return { mode: 'builtin' as const };
      const actor = request.scopedActor;
      return powerBi.embed({ userId: actor.userId, companyIds: actor.companyIds, premium: canAccess(actor.permissions, DASHBOARD, 'premium') });
    },
  );
}
