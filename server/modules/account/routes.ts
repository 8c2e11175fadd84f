import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activateAccountSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  userConfigurationSchema,
} from '../../../domain/schemas/auth';
import { confirmEmailSchema, languageSchema, profileSchema } from '../../../domain/schemas/users';
import type { AppContext } from '../../context';
import * as service from './service';
import { SIGNED_IN } from '../../lib/route-access';

export async function userRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  app.get(
    '/api/user/configuration',
    {
      schema: { tags, summary: 'Profile, company and permissions of the caller', response: { 200: userConfigurationSchema } },
      config: SIGNED_IN,
    },
    async (request) => service.userConfiguration(request.auth),
  );

  app.post(
    '/api/user/forgot-password',
    {
      schema: { tags, summary: 'E-mail a password-reset link (same answer for unknown e-mails)', body: forgotPasswordSchema },
      config: { public: true, noContent: true, rateLimit: ctx.config.forgotPasswordRateLimit.max > 0 ? { max: ctx.config.forgotPasswordRateLimit.max, timeWindow: ctx.config.forgotPasswordRateLimit.windowMs } : false },
    },
    async (request, reply) => {
      await service.forgotPassword(ctx, request.body.email, request.ip);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/user/reset-password',
    { schema: { tags, summary: 'Set a new password with a reset link token', body: resetPasswordSchema }, config: { public: true, noContent: true, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await service.completeLink(ctx, 'reset', request.body.token, request.body.password, request.ip);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/user/activate-account',
    { schema: { tags, summary: 'Activate an account with its activation link token', body: activateAccountSchema }, config: { public: true, noContent: true, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await service.completeLink(ctx, 'activation', request.body.token, request.body.password, request.ip);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/user/change-password',
    { schema: { tags, summary: 'Change the own password; other sessions end', body: changePasswordSchema }, config: { noContent: true, ...SIGNED_IN } },
    async (request, reply) => {
      await service.changePassword(ctx, request.auth, request.body.oldPassword, request.body.newPassword, request.ip);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/user/profile',
    {
      schema: { tags, summary: 'Update the own data (SPEC §3 profile); a new e-mail waits for its confirmation link', body: profileSchema, response: { 200: userConfigurationSchema } },
      config: SIGNED_IN,
    },
    async (request) => service.updateProfile(ctx, request.auth, request.body),
  );

  app.put(
    '/api/user/language',
    { schema: { tags, summary: 'Set the own language (the texts and every later e-mail)', body: languageSchema }, config: { noContent: true, ...SIGNED_IN } },
    async (request, reply) => {
      await service.setLanguage(ctx, request.auth, request.body.language);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/user/confirm-email',
    {
      schema: { tags, summary: 'Confirm an e-mail change with its link token (the pending e-mail becomes the e-mail)', body: confirmEmailSchema },
      config: { public: true, noContent: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await service.confirmEmail(ctx, request.body.token, request.ip);
      return reply.code(204).send();
    },
  );
}
