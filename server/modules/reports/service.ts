import { sql } from 'drizzle-orm';
import { issuesToErrors } from '../../../domain/errors';
import { isTimeZone, type ExportLanguage } from '../../../domain/giftcards';
import { REPORT_TYPE_DEFINITIONS, reportCode, reportTypeDefinition } from '../../../domain/reports';
import type { GeneratedReport, GeneratedReportFilter, ReportGenerateBody, ReportType } from '../../../domain/schemas/reports';
import { BUSINESS_TIME_ZONE } from '../../../domain/dashboard';
import type { AppContext } from '../../context';
import { generatedReports } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import type { Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import type { KeyedRows, KeyPosition } from '../../lib/keyset';
import { textOf } from '../../lib/texts';
import { REPORT_JOB } from './jobs';
import { exportLanguageOf, toRecord } from './records';
import { activeCount, findReport, listReports } from './repository';

/** SPEC §3 report templates: the types in the form's order, named in `language`, with their parameters. */
export function reportTypes(language: ExportLanguage): ReportType[] {
  const t = textOf(language);
  return REPORT_TYPE_DEFINITIONS.map(({ id, parameters }) => ({
    id,
    code: reportCode(id),
    name: t(`reports.types.${id}.name`),
    description: t(`reports.types.${id}.description`),
    parameters: parameters.inputs.map((input) => ({
      name: input.source,
      kind: input.kind ?? 'text',
      required: input.required,
      ...(input.choices ? { choices: input.choices.map((choice) => String(choice.id)) } : {}),
    })),
  }));
}

const invalid = (errors: Record<string, string>) => new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', errors);

/**
 * Starts a generation: the parameters checked with the type's schema (the form's defaults for what
 * the body leaves out), their company inside the route's subtree (404 like any company id; empty:
 * the route's), then — one transaction, serialised per user so two clicks cannot both pass the
 * limit — the user's queued and running reports counted against REPORTS_MAX_ACTIVE_PER_USER, the
 * row inserted (queued) and its job queued. The runner is woken after the commit.
 */
export async function generateReport(ctx: AppContext, actor: Actor, userLanguage: string, reportId: string, body: ReportGenerateBody): Promise<GeneratedReport> {
  const definition = reportTypeDefinition(reportId);
  if (!definition) throw notFound('No such report type');
  const parsed = definition.parameters.schema.safeParse({ ...definition.parameters.defaults, ...body.parameters });
  if (!parsed.success) throw invalid(issuesToErrors(parsed.error.issues, 'parameters.'));
  const timeZone = body.timeZone ?? BUSINESS_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw invalid({ timeZone: 'validation.invalid' });
  const companyId = (parsed.data.companyId as string) || actor.companyId;
  if (!actor.companyIds.includes(companyId)) throw notFound();
  const parameters = { ...parsed.data, companyId };
  const max = ctx.config.reports.maxActivePerUser;
  const userId = actor.userId;
  const id = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reports:${userId}`}))`);
    if ((await activeCount(tx, userId)) >= max) throw new ApiError(409, 'REPORTS_TOO_MANY_ACTIVE', `At most ${max} reports may be queued or running at once`, undefined, { max });
    const [row] = await tx
      .insert(generatedReports)
      .values({ companyId, reportId: definition.id, parameters, language: exportLanguageOf(body.language ?? userLanguage), timeZone, notify: body.notify ?? false, requestedBy: userId, createdAt: ctx.clock.now() })
      .returning({ id: generatedReports.id });
    const jobId = await enqueue(tx, REPORT_JOB, { reportId: row.id }, { maxAttempts: 3, runAt: ctx.clock.now() });
    await tx.update(generatedReports).set({ jobId }).where(sql`id = ${row.id}`);
    return row.id;
  });
  ctx.jobs.wake();
  return toRecord((await findReport(ctx.db, id))!);
}

export async function reportsPage(
  ctx: AppContext,
  companyIds: readonly string[],
  page: { filter: GeneratedReportFilter; order: 'ASC' | 'DESC'; offset: number; limit: number; after?: KeyPosition },
): Promise<KeyedRows<GeneratedReport>> {
  const found = await listReports(ctx.db, companyIds, page);
  return { rows: found.rows.map(toRecord), keys: found.keys };
}

/**
 * The file of a ready report of the subtree, as a stream: 404 outside it, 409 REPORT_NOT_READY
 * while queued, running or after a failure, 410 REPORT_EXPIRED once past its date (even before
 * the expiry job has deleted it) or when the storage no longer has it.
 */
export async function reportFile(ctx: AppContext, companyIds: readonly string[], id: string): Promise<ReadableStream<Uint8Array>> {
  const row = await findReport(ctx.db, id, companyIds);
  if (!row) throw notFound();
  const expired = () => new ApiError(410, 'REPORT_EXPIRED', 'The report has expired: generate it again');
  if (row.state === 'expired') throw expired();
  if (row.state !== 'ready') throw new ApiError(409, 'REPORT_NOT_READY', `The report is ${row.state}`);
  if (!row.file_key || (row.expires_at && new Date(row.expires_at) <= ctx.clock.now())) throw expired();
  const body = await ctx.files.get(row.file_key);
  if (!body) throw expired();
  return body;
}

