import type { FastifyRequest } from 'fastify';
import type { AuditFilter, AuditRecord } from '../../../domain/audit';
import type { CsvFormat } from '../../../domain/csv';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { auditCsvStream } from './export';
import { findAudit, isReferentOf, listAudit, toAuditRecord, type AuditScope } from './trail.repository';

/**
 * Who reads the audit trail of a route's company (domain/access.ts `audit` lets managers in; this
 * narrows): provider staff, or the company's referent. The scope is the company's subtree (the
 * guards' `scopedActor.companyIds`); provider staff on the provider itself also read the rows of
 * no company (the provider's catalog, ticket categories).
 */
export async function auditScopeOf(ctx: AppContext, request: FastifyRequest): Promise<AuditScope> {
  const actor = request.scopedActor;
  const staff = request.auth.company.isProvider;
  if (!staff && !(await isReferentOf(ctx.db, actor.userId, actor.companyId))) throw forbidden();
  return { companyIds: actor.companyIds, withoutCompany: staff && actor.companyId === request.auth.company.id };
}

export async function auditPage(ctx: AppContext, scope: AuditScope, filter: AuditFilter, page: { offset: number; afterId?: string; limit: number }): Promise<AuditRecord[]> {
  return (await listAudit(ctx.db, scope, filter, page)).map(toAuditRecord);
}

export async function auditRecord(ctx: AppContext, scope: AuditScope, id: string): Promise<AuditRecord> {
  const row = await findAudit(ctx.db, scope, id);
  if (!row) throw notFound();
  return toAuditRecord(row);
}

export const auditExport = (ctx: AppContext, scope: AuditScope, filter: AuditFilter, format: CsvFormat) => auditCsvStream(ctx.db, scope, filter, format);
