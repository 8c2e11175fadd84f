import { issuesToErrors } from '../../../domain/errors';
import { isTimeZone, type ExportLanguage } from '../../../domain/giftcards';
import { canReadReportType, reportCode, reportTypeDefinition, reportTypesFor, type ReportTypeId } from '../../../domain/reports';
import type { GeneratedReport, ReportGenerateBody, ReportType } from '../../../domain/schemas/reports';
import { BUSINESS_TIME_ZONE } from '../../../domain/dashboard';
import type { AppContext } from '../../context';
import { enqueue } from '../../jobs/queue';
import type { Actor, Principal } from '../../lib/access';
import { ApiError, forbidden, notFound } from '../../lib/errors';
import type { KeyedRows } from '../../lib/keyset';
import { textOf } from '../../lib/texts';
import { REPORT_JOB } from './jobs';
import { exportLanguageOf, toRecord } from './records';
import { activeCount, findReport, insertReport, listReports, lockUserReports, setReportJob, type ReportPage } from './repository';

/** Who reads reports: their flags and whether they are provider staff (the access table's two inputs). */
export type ReportCaller = Pick<Principal, 'permissions' | 'company'>;

/** Whether the caller may have this type's data (domain/reports.ts canReadReportType: every entry it reads). */
const mayRead = (caller: ReportCaller, type: string) => canReadReportType(caller.permissions, type, { isProvider: caller.company.isProvider });

/** The types whose data the caller may have: what the list shows and the download hands out. */
export const readableTypes = (caller: ReportCaller): ReportTypeId[] => reportTypesFor(caller.permissions, { isProvider: caller.company.isProvider }).map((definition) => definition.id);

/**
 * SPEC §3 report templates: the types the caller may read (their data's access entries, all of
 * them), in the form's order, named in `language`, with their parameters.
 */
export function reportTypes(caller: ReportCaller, language: ExportLanguage): ReportType[] {
  const t = textOf(language);
  return reportTypesFor(caller.permissions, { isProvider: caller.company.isProvider }).map(({ id, parameters }) => ({
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
 * Starts a generation: 403 FORBIDDEN, before anything is read or written, for a type whose data the
 * caller may not read; the parameters checked with the type's schema (the form's defaults for what
 * the body leaves out), their company inside the route's subtree (404 like any company id; empty:
 * the route's), then — one transaction, serialised per user so two clicks cannot both pass the
 * limit — the user's queued and running reports counted against REPORTS_MAX_ACTIVE_PER_USER, the
 * row inserted (queued) and its job queued. The runner is woken after the commit.
 */
export async function generateReport(ctx: AppContext, actor: Actor, userLanguage: string, reportId: string, body: ReportGenerateBody): Promise<GeneratedReport> {
  const definition = reportTypeDefinition(reportId);
  if (!definition) throw notFound('No such report type');
  if (!mayRead(actor, definition.id)) throw forbidden();
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
    await lockUserReports(tx, userId);
    if ((await activeCount(tx, userId)) >= max) throw new ApiError(409, 'REPORTS_TOO_MANY_ACTIVE', `At most ${max} reports may be queued or running at once`, undefined, { max });
    const row = await insertReport(tx, { companyId, reportId: definition.id, parameters, language: exportLanguageOf(body.language ?? userLanguage), timeZone, notify: body.notify ?? false, requestedBy: userId, createdAt: ctx.clock.now() });
    const jobId = await enqueue(tx, REPORT_JOB, { reportId: row.id }, { maxAttempts: 3, runAt: ctx.clock.now() });
    await setReportJob(tx, row.id, jobId);
    return row.id;
  });
  ctx.jobs.wake();
  return toRecord((await findReport(ctx.db, id))!);
}

/**
 * A page of the subtree's reports of the types the caller may read (in the query, so the keyset
 * pages stay whole): a colleague's report of another type is not the caller's to see.
 */
export async function reportsPage(
  ctx: AppContext,
  caller: ReportCaller,
  companyIds: readonly string[],
  page: ReportPage,
): Promise<KeyedRows<GeneratedReport>> {
  const found = await listReports(ctx.db, companyIds, readableTypes(caller), page);
  return { rows: found.rows.map(toRecord), keys: found.keys };
}

/**
 * The file of a ready report of the subtree, as a stream: 404 outside it, 403 FORBIDDEN for a type
 * whose data the caller may not read (a colleague's; the list hides it), 409 REPORT_NOT_READY
 * while queued, running or after a failure, 410 REPORT_EXPIRED once past its date (even before
 * the expiry job has deleted it) or when the storage no longer has it.
 */
export async function reportFile(ctx: AppContext, caller: ReportCaller, companyIds: readonly string[], id: string): Promise<ReadableStream<Uint8Array>> {
  const row = await findReport(ctx.db, id, companyIds);
  if (!row) throw notFound();
  if (!mayRead(caller, row.report_id)) throw forbidden();
  const expired = () => new ApiError(410, 'REPORT_EXPIRED', 'The report has expired: generate it again');
  if (row.state === 'expired') throw expired();
  if (row.state !== 'ready') throw new ApiError(409, 'REPORT_NOT_READY', `The report is ${row.state}`);
  if (!row.file_key || (row.expires_at && new Date(row.expires_at) <= ctx.clock.now())) throw expired();
  const body = await ctx.files.get(row.file_key);
  if (!body) throw expired();
  return body;
}

