import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationSettingsBodySchema, notificationSettingsSchema, RELOAD_LIMITS } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import { scopeParams } from '../../lib/route-support';
import { notificationSettings, saveNotificationSettings } from './notifications';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const NOTIFICATIONS = 'reloadables/notifications';

/** GET/PUT /api/company/{companyId}/reloadable/notifications: the company's settings (defaults when never saved). */
export async function notificationRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reloadables'];
  const path = apiRoute('reloadables/notifications');

  app.get(
    path,
    { schema: { tags, summary: "The company's notification settings (all off when never saved); id = companyId", params: scopeParams, response: { 200: notificationSettingsSchema } }, config: routeAccess(NOTIFICATIONS, 'show') },
    async (request) => notificationSettings(ctx.db, request.actor.companyId),
  );

  app.put(
    path,
    {
      schema: { tags, summary: `Saves the settings (recipients: up to ${RELOAD_LIMITS.maxRecipients} e-mail addresses; empty = the company referent)`, params: scopeParams, body: notificationSettingsBodySchema, response: { 200: notificationSettingsSchema } },
      config: routeAccess(NOTIFICATIONS, 'edit'),
    },
    async (request) => saveNotificationSettings(ctx, request.actor, request.body),
  );
}
