import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { JobRegistry } from '../jobs/registry';
import { auditModule } from './audit';
import { createIdTokenVerifier } from './auth/id-token';
import { authRoutes } from './auth/routes';
import { AuthService } from './auth/service';
import { catalogRoutes } from './catalog/routes';
import { companyRoutes } from './companies/routes';
import { dashboardRoutes } from './dashboard';
import { emailRoutes } from './emails/routes';
import { giftcardRoutes } from './giftcards/routes';
import { identityRoutes } from './identity/routes';
import { integratedOrderIntegrationRoutes } from './integrated-orders/integration-routes';
import { integratedOrderRoutes } from './integrated-orders/routes';
import { apiKeyRoutes, integrationApi, integrationGiftcardRoutes } from './integration-api';
import { operatorRoutes } from './operators/routes';
import { orderRoutes } from './orders/routes';
import { registerReloadableJobs, reloadableRoutes } from './reloadables';
import { reportRoutes } from './reports/routes';
import { registerSquareJobs, squareRoutes } from './square';
import { storeRoutes } from './stores/routes';
import { ticketRoutes } from './tickets';
import { userRoutes } from './account/routes';
import { registerUserJobs } from './account/service';
import { usersRoutes } from './users/routes';

/** What a module gives the API: its routes (a fastify plugin given the context) and its jobs' handlers. */
export interface ApiModule {
  name: string;
  routes?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** registered before any route, so a job queued by the first request has its handler */
  jobs?: (ctx: AppContext, registry: JobRegistry) => void;
}

type RoutePlugin = (app: FastifyInstance, options: { ctx: AppContext }) => Promise<void>;
const plugin = (routes: RoutePlugin) => async (app: FastifyInstance, ctx: AppContext) => {
  await app.register(routes, { ctx });
};

/**
 * Every module of the API, in the order its routes are registered (server/api.ts wires them, and
 * nothing else does): a new module is one line here.
 */
export const API_MODULES: readonly ApiModule[] = [
  {
    name: 'auth',
    routes: async (app, ctx) => {
      // the built-in identity provider's pages and tokens, unless an external one signs users in
      if (ctx.config.identity.provider === 'builtin') await app.register(identityRoutes, { ctx });
      await app.register(authRoutes, { auth: new AuthService(ctx, createIdTokenVerifier(ctx.config.identity, ctx.keys)) });
    },
  },
  { name: 'account', routes: plugin(userRoutes), jobs: registerUserJobs },
  { name: 'companies', routes: plugin(companyRoutes) },
  { name: 'operators', routes: plugin(operatorRoutes) },
  { name: 'users', routes: plugin(usersRoutes) },
  { name: 'stores', routes: plugin(storeRoutes) },
  { name: 'giftcards', routes: plugin(giftcardRoutes) },
  { name: 'catalog', routes: plugin(catalogRoutes) },
  { name: 'orders', routes: plugin(orderRoutes) },
  { name: 'reloadables', routes: plugin(reloadableRoutes), jobs: registerReloadableJobs },
  { name: 'square', routes: plugin(squareRoutes), jobs: registerSquareJobs },
  { name: 'tickets', routes: plugin(ticketRoutes) },
  { name: 'dashboard', routes: plugin(dashboardRoutes) },
  { name: 'reports', routes: plugin(reportRoutes) },
  { name: 'api-keys', routes: plugin(apiKeyRoutes) },
  { name: 'integrated-orders', routes: plugin(integratedOrderRoutes) },
  // the web shops' API (its own authentication by key): the gift cards and the orders it posts
  { name: 'integration-api', routes: (app, ctx) => integrationApi(app, ctx, [integrationGiftcardRoutes, integratedOrderIntegrationRoutes]) },
  { name: 'audit', routes: plugin(auditModule) },
  { name: 'emails', routes: plugin(emailRoutes) },
];
