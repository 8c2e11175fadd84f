/** Issue 22's integration (README.md beside this file): the back office's API-key routes, the integration API and its gift-card calls. */
export { integrationApi, INTEGRATION_PREFIX, type IntegrationRoutePlugin } from './plugin';
export { integrationGiftcardRoutes } from './giftcards.routes';
export { apiKeyRoutes } from './keys.routes';
