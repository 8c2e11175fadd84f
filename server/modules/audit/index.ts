import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerAuditJobs } from './retention';
import { auditRoutes } from './trail.routes';

export { recordCodeRead, recordExplicit } from './trail.repository';
export { scheduleAuditRetention } from './retention';

/** The audit trail's routes and its retention job (README.md). */
export async function auditModule(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  registerAuditJobs(app.jobRegistry, { db: ctx.db, files: ctx.files, retentionDays: ctx.config.auditTrail.retentionDays, now: () => ctx.clock.now() });
  await app.register(auditRoutes, { ctx });
}
