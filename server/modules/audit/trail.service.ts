import type { FastifyRequest } from 'fastify';
import type { AuditFilter, AuditRecord } from '../../../domain/audit';
import type { CsvFormat } from '../../../domain/csv';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { auditCsvStream } from './export';
import { findAudit, listAudit, toAuditRecord, type AuditPage, type AuditScope } from './trail.repository';

/**
 * What the audit trail of a route's company shows its reader (the access table's `audit` entry has
 * let in provider staff and a company's referent, on their subtree): the company's subtree (the
 * guards' `scopedActor.companyIds`); provider staff on the provider itself also read the rows of
 * no company (the provider's catalog, ticket categories).
 */
export function auditScopeOf(request: FastifyRequest): AuditScope {
  const actor = request.scopedActor;
  const staff = request.auth.company.isProvider;
  return { companyIds: actor.companyIds, withoutCompany: staff && actor.companyId === request.auth.company.id };
}

export async function auditPage(ctx: AppContext, scope: AuditScope, filter: AuditFilter, page: AuditPage): Promise<AuditRecord[]> {
  return (await listAudit(ctx.db, scope, filter, page)).map(toAuditRecord);
}

export async function auditRecord(ctx: AppContext, scope: AuditScope, id: string): Promise<AuditRecord> {
  const row = await findAudit(ctx.db, scope, id);
  if (!row) throw notFound();
  return toAuditRecord(row);
}

export const auditExport = (ctx: AppContext, scope: AuditScope, filter: AuditFilter, format: CsvFormat) => auditCsvStream(ctx.db, scope, filter, format);
