import { csvDateTime } from '../../../domain/csv';
import { API_ERROR_CODES } from '../../../domain/errors';
import { canReadReportType, reportTypeDefinition } from '../../../domain/reports';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import type { JobRegistry } from '../../jobs/registry';
import { companyInScopeOf, subtreeIds } from '../../db/company-scope';
import { csvDownload } from '../../lib/csv-export';
import { ApiError, forbidden } from '../../lib/errors';
import { queueEmail } from '../../mail/mailer';
import { firstQueuedJob, lockScheduling, setJobRunAt } from '../../jobs/repository';
import { findUserWithCompany, userContact } from '../account/repository';
import {
  countFileRows,
  findReport,
  markExpired,
  markReady,
  markReportFailed,
  markRunning,
  nextExpiry,
  reportsToExpire,
  setProgress,
  type ReportRow,
} from './repository';
import { parametersText } from './summary';
import { exportLanguageOf, parametersOf, reportName } from './records';
import { REPORT_FILES } from './types';

export const REPORT_JOB = 'reports.generate';
export const EXPIRE_JOB = 'reports.expire';
/** The report's file in the storage. */
export const reportFileKey = (id: string) => `reports/${id}.csv`;
/** Progress is written at most this often (a row update per second, whatever the file's size). */
const PROGRESS_EVERY_MS = 1000;
/**
 * How long a generation rests after each slice of rows, per millisecond it worked on it: the API
 * answers from the same event loop (and database), so a report writing flat out would make every
 * request wait behind it; resting as long as it worked leaves the loop free half the time.
 */
const REST_PER_WORK = 1;
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Reports expired per statement by the sweep. */
const EXPIRE_BATCH = 200;

/** The failure's code (SPEC §8's table): our own errors' code, INTERNAL_ERROR for anything else — never an error's text (it may name paths or SQL). */
export function failureCode(error: unknown): string {
  if (error instanceof ApiError && (API_ERROR_CODES as readonly string[]).includes(error.code)) return error.code;
  return 'INTERNAL_ERROR';
}

/** The e-mail of a ready or failed report, to the requester in their language, with the download page's link. */
async function mailOutcome(ctx: AppContext, db: Db, row: ReportRow): Promise<void> {
  // the requester's address and language now (they may have switched since they asked); none when they are gone
  const to = row.requested_by ? await userContact(db, row.requested_by) : undefined;
  if (!to) return;
  const language = exportLanguageOf(to.language);
  const ready = row.state === 'ready';
  await queueEmail(db, {
    to: to.email,
    template: ready ? 'reportReady' : 'reportFailed',
    language,
    params: {
      name: reportName(row.report_id, language),
      parameters: parametersText(row.report_id, parametersOf(row), row.company_name, language),
      link: `${ctx.config.publicUrl}/downloads?type=report&id=${row.id}`,
      ...(ready ? { expires: row.expires_at ? csvDateTime(row.time_zone)(new Date(row.expires_at).getTime()) : '' } : { error: row.error_code ?? 'INTERNAL_ERROR' }),
    },
  });
}

/**
 * Queues the expiry sweep to run by `at` (a report's expiry): one queued sweep at a time, moved
 * earlier when this report expires before it. Serialised by an advisory lock so two instances
 * never queue two.
 */
export async function scheduleExpiry(db: Db, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockScheduling(tx, 7262021001);
    const queued = await firstQueuedJob(tx, EXPIRE_JOB);
    if (!queued) await enqueue(tx, EXPIRE_JOB, {}, { runAt: at, maxAttempts: 3 });
    else if (new Date(queued.run_at) > at) await setJobRunAt(tx, queued.id, at);
  });
}

/**
 * The expiry sweep: every ready report past its `expires_at` (business clock) loses its file
 * (ctx.files.remove) and shows as expired; then the next sweep is queued for the next expiry, if
 * a ready report remains. The file goes first: a sweep that dies between the two finds the row
 * still ready next time and removes nothing twice (remove of a missing file is nothing).
 */
export async function expireReports(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const now = ctx.clock.now();
  let expired = 0;
  for (;;) {
    // the lease lost or a shutdown: the next sweep expires the rest (each report on its own)
    signal?.throwIfAborted();
    const due = await reportsToExpire(ctx.db, now, EXPIRE_BATCH);
    for (const row of due) {
      if (row.file_key) await ctx.files.remove(row.file_key);
      if (await markExpired(ctx.db, row.id)) expired += 1;
    }
    if (due.length < EXPIRE_BATCH) break;
  }
  const next = await nextExpiry(ctx.db);
  if (next) await scheduleExpiry(ctx.db, next);
  return expired;
}

/**
 * Whether the requester may still have this report's data when its generation starts: still
 * active, still holding every access entry the type reads (domain/reports.ts canReadReportType,
 * the rule the request was checked by) and the report's company still in their scope. A report
 * queued before its requester was disabled, lost a flag or was moved is not written.
 */
async function requesterMayStillRead(db: Db, row: ReportRow): Promise<boolean> {
  const requester = row.requested_by ? await findUserWithCompany(db, row.requested_by) : undefined;
  if (!requester || requester.user.status !== 'ACTIVE') return false;
  const { user, company } = requester;
  if (!canReadReportType(user.permissions, row.report_id, { isProvider: company.isProvider })) return false;
  return companyInScopeOf(db, company, row.company_id);
}

/**
 * Writes one report's file (README.md beside this file): running, the rows counted, the CSV
 * written by the one writer into the file storage with its progress about once a second, then
 * ready with its count, size and expiry — and the e-mail when asked. Safe to run again (the file
 * is replaced whole, a finished report is left alone). A lost lease (`signal`) stops the writing
 * (the storage keeps no partial file) and writes nothing more; the last attempt's failure marks
 * the report failed with a code.
 */
export async function generateReportFile(ctx: AppContext, reportId: string, signal: AbortSignal): Promise<void> {
  const row = await findReport(ctx.db, reportId);
  if (!row || row.state !== 'queued' && row.state !== 'running') return;
  // failed at once (no retry would change it), with its e-mail when asked
  if (!(await requesterMayStillRead(ctx.db, row))) return markFailed(ctx, reportId, forbidden());
  const startedAt = ctx.clock.now();
  await markRunning(ctx.db, reportId, startedAt);
  const definition = reportTypeDefinition(row.report_id);
  if (!definition) throw new Error(`unknown report type ${row.report_id}`);
  const parameters = definition.parameters.schema.parse(parametersOf(row));
  const companyIds = parameters.includeSubCompanies === false ? [row.company_id] : await subtreeIds(ctx.db, row.company_id);
  const file = REPORT_FILES[row.report_id]({ parameters, companyIds, format: { language: exportLanguageOf(row.language), timeZone: row.time_zone } });
  const total = await countFileRows(ctx.db, file);
  signal.throwIfAborted();
  let written = 0;
  let reportedAt = Date.now();
  let resumedAt = performance.now();
  const onRows = async (rows: number) => {
    written = rows;
    signal.throwIfAborted();
    await rest((performance.now() - resumedAt) * REST_PER_WORK);
    resumedAt = performance.now();
    if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = Date.now();
    const progress = Math.min(99, Math.floor((rows * 100) / Math.max(total, 1)));
    await setProgress(ctx.db, reportId, progress);
  };
  const key = reportFileKey(reportId);
  const { size } = await ctx.files.put(key, csvDownload(ctx.db, file, { onRows }), 'text/csv; charset=utf-8');
  signal.throwIfAborted();
  const finishedAt = ctx.clock.now();
  const expiresAt = new Date(finishedAt.getTime() + ctx.config.reports.retentionDays * 86_400_000);
  await ctx.db.transaction(async (tx) => {
    const done = await markReady(tx, reportId, { rowCount: written, size, fileKey: key, finishedAt, expiresAt });
    if (!done) return;
    if (row.notify) await mailOutcome(ctx, tx, (await findReport(tx, reportId))!);
  });
  await scheduleExpiry(ctx.db, expiresAt);
  ctx.jobs.wake();
}

async function markFailed(ctx: AppContext, reportId: string, error: unknown): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const done = await markReportFailed(tx, reportId, failureCode(error), ctx.clock.now());
    const row = done ? await findReport(tx, reportId) : null;
    if (row?.notify) await mailOutcome(ctx, tx, row);
  });
  ctx.jobs.wake();
}

/**
 * The report jobs: a generation, and the expiry sweep. A generation killed mid-file leaves its
 * unfinished write in the storage: the cleanup job sweeps those (jobs/cleanup.ts).
 */
export function registerReportJobs(ctx: AppContext, registry: JobRegistry): void {
  registry.register(REPORT_JOB, async (payload, job) => {
    const { reportId } = payload as { reportId: string };
    try {
      await generateReportFile(ctx, reportId, job.signal);
    } catch (error) {
      if (job.lastAttempt && !job.signal.aborted) await markFailed(ctx, reportId, error);
      throw error;
    }
  });
  registry.register(EXPIRE_JOB, async (_payload, { log, signal }) => {
    const expired = await expireReports(ctx, signal);
    log.info({ expired }, 'reports expired');
  });
}
