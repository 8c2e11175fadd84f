import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import type { CsvFormat } from '../../../domain/csv';
import { rangeEndExclusive, rangeStart, type ExportLanguage } from '../../../domain/giftcards';
import { maxDaysAheadMessage } from '../../../domain/messages';
import {
  createReloadsBodySchema,
  parseReloadCsv,
  plannedReloadFilterSchema,
  RELOAD_LIMITS,
  reloadCsvTemplate,
  reloadRunFilterSchema,
  validateReloadsBodySchema,
  type CreateReloadsBody,
  type PlannedReload,
  type ReloadRun,
  type ReloadRunDetail,
  type ReloadRunFilter,
  type ReloadValidation,
  type ValidateReloadsBody,
} from '../../../domain/reloadables';
import type { DemoContext } from '../context';
import { apiError, notFound, parseOr400 } from '../errors';
import { idempotent } from '../ledger';
import { page, sortParam } from '../lists';
import { decodeCsvFile, parseReloadBody } from './bodies';
import { historyCsv } from './csv';
import { checkRows, createRun, deletePlannedRows, type RunRowInput } from './runs';
import { reloadablesOf } from './seed';
import { problem, rowRecord, runDetail, runRecord, type DemoRun } from './store';

/**
 * Reload runs, their rows, the queue of planned reloads and the history, as
 * server/modules/reloadables/reloads.routes.ts: validate (nothing written), create (now or
 * planned; 400 RELOAD_ROWS_INVALID / 409 WALLET_INSUFFICIENT, nothing written), delete a planned
 * run or row (its reservation released), the history's CSV.
 */
const RELOADS = 'reloadables/reloads';
const base = (companyId: string) => `/api/company/${companyId}/reloadable/reloads`;

/** `scheduledAt` of a plan: in the future (400 RELOAD_SCHEDULE_PAST), at most 366 days ahead. */
function scheduleOf(scheduledAt: string | undefined, now: Date, instance: string): Date | null {
  if (!scheduledAt) return null;
  const at = new Date(scheduledAt);
  if (at.getTime() <= now.getTime()) throw problem(400, 'RELOAD_SCHEDULE_PAST', instance, 'The scheduled time is not in the future', { errors: { scheduledAt: 'validation.schedulePast' } });
  if (at.getTime() > now.getTime() + RELOAD_LIMITS.maxScheduleDays * 86_400_000) throw apiError(400, 'VALIDATION_ERROR', instance, 'The scheduled time is too far ahead', { scheduledAt: maxDaysAheadMessage(RELOAD_LIMITS.maxScheduleDays) });
  return at;
}

const rowsOf = (rows: CreateReloadsBody['rows']): RunRowInput[] => rows.map((r, i) => ({ row: r.row ?? i + 1, cardId: r.cardId, cardNumber: r.cardNumber, amountCents: r.amountCents }));

export function validateReloads(ctx: DemoContext, body: ValidateReloadsBody): ReloadValidation {
  const { companyId } = ctx.require(RELOADS, 'validate');
  const instance = `${base(companyId)}/validate`;
  const input = parseReloadBody(validateReloadsBodySchema, body, instance);
  const now = new Date();
  const at = scheduleOf(input.scheduledAt, now, instance) ?? now;
  const store = reloadablesOf(ctx.db);
  if ('file' in input) {
    const parsed = parseReloadCsv(decodeCsvFile(input.file, instance));
    const { cards: _cards, ...checked } = checkRows(store, companyId, parsed.rows, at);
    return { ...checked, errors: [...parsed.errors, ...checked.errors].sort((a, b) => a.row - b.row) };
  }
  const { cards: _cards, ...checked } = checkRows(store, companyId, rowsOf(input.rows), at);
  return checked;
}

/** Runs (or plans) the rows for the wallet of the company looked at: all-or-nothing. */
export function createReloads(ctx: DemoContext, body: CreateReloadsBody, key: string): Promise<ReloadRunDetail> {
  const { companyId, user } = ctx.require(RELOADS, 'create');
  const instance = base(companyId);
  const input = parseReloadBody(createReloadsBodySchema, body, instance);
  return idempotent(ctx, key, `reloadables.create:${companyId}`, input, instance, () => {
    const now = new Date();
    const scheduled = scheduleOf(input.scheduledAt, now, instance);
    const store = reloadablesOf(ctx.db);
    const checked = checkRows(store, companyId, rowsOf(input.rows), scheduled ?? now);
    if (checked.errors.length > 0) {
      const errors = Object.fromEntries(checked.errors.map((e) => [`rows.${e.row}.${e.field}`, e.code]));
      throw problem(400, 'RELOAD_ROWS_INVALID', instance, `${checked.errors.length} rows are not valid`, { errors });
    }
    const run = createRun(
      ctx.db,
      store,
      { companyId, user, source: input.source, fileName: input.fileName ?? null, scheduledAt: scheduled?.toISOString() ?? null, rows: checked.rows },
      now,
      instance,
    );
    return runDetail(store, run);
  });
}

/** A run of exactly the company looked at (runs, their rows, the queue and the history are per wallet, as the API's). */
function runOr404(ctx: DemoContext, resource: string, action: string, id: unknown): { run: DemoRun; instance: string } {
  const { companyId } = ctx.require(resource, action);
  const instance = `${base(companyId)}/${String(id)}`;
  const run = reloadablesOf(ctx.db).runs.find((r) => r.id === String(id) && r.companyId === companyId);
  if (!run) throw notFound(instance);
  return { run, instance };
}

/** A planned run that has not started: 409 RELOAD_NOT_PENDING otherwise. */
const pending = (run: DemoRun) => run.state === 'IN_PROGRESS' && run.startedAt === null && run.scheduledAt !== null;

export function deleteReloadRun(ctx: DemoContext, id: Identifier): ReloadRunDetail {
  const { run, instance } = runOr404(ctx, RELOADS, 'delete', id);
  if (!pending(run)) throw problem(409, 'RELOAD_NOT_PENDING', instance, 'The run has already run or was deleted');
  const store = reloadablesOf(ctx.db);
  deletePlannedRows(store, run, null);
  return runDetail(store, run);
}

export function deleteQueuedReload(ctx: DemoContext, id: Identifier): PlannedReload {
  const { companyId } = ctx.require('reloadables/queue-reloads', 'delete');
  const instance = `${base(companyId)}/planned/${String(id)}`;
  const store = reloadablesOf(ctx.db);
  const row = store.rows.find((r) => r.id === String(id) && r.companyId === companyId);
  if (!row) throw notFound(instance);
  const run = store.runs.find((r) => r.id === row.runId)!;
  if (row.state !== 'IN_PROGRESS' || !pending(run)) throw problem(409, 'RELOAD_NOT_PENDING', instance, 'The reload has already run or was deleted');
  deletePlannedRows(store, run, new Set([row.id]));
  return rowRecord(ctx.db, store, row);
}

export const getRun = (ctx: DemoContext, id: Identifier): ReloadRunDetail => runDetail(reloadablesOf(ctx.db), runOr404(ctx, RELOADS, 'show', id).run);

export function getHistoryRun(ctx: DemoContext, id: Identifier): ReloadRunDetail {
  const { run, instance } = runOr404(ctx, 'reloadables/reloads-history', 'show', id);
  if (run.state !== 'COMPLETED') throw notFound(instance);
  return runDetail(reloadablesOf(ctx.db), run);
}

/** The company's runs, newest first (created, then number); the history: the COMPLETED ones, whatever `state` says. */
function runsOf(ctx: DemoContext, companyId: string, filter: ReloadRunFilter, completedOnly: boolean, order: 'ASC' | 'DESC' = 'DESC'): DemoRun[] {
  const from = filter.dateFrom ? rangeStart(filter.dateFrom).getTime() : -Infinity;
  const to = filter.dateTo ? rangeEndExclusive(filter.dateTo).getTime() : Infinity;
  const state = completedOnly ? 'COMPLETED' : filter.state;
  const dir = order === 'DESC' ? -1 : 1;
  return reloadablesOf(ctx.db)
    .runs.filter((run) => {
      const at = new Date(run.createdAt).getTime();
      return (
        run.companyId === companyId &&
        (!state || run.state === state) &&
        (!filter.source || run.source === filter.source) &&
        (filter.scheduled === undefined || (run.scheduledAt !== null) === filter.scheduled) &&
        at >= from &&
        at < to
      );
    })
    .sort((a, b) => dir * (a.createdAt.localeCompare(b.createdAt) || a.number.localeCompare(b.number)));
}

export function listRuns(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<ReloadRun> {
  const { companyId } = ctx.require(RELOADS, 'list');
  const instance = base(companyId);
  const sort = sortParam(params.sort, ['createdAt'] as const, { field: 'createdAt', order: 'DESC' }, instance);
  return page(runsOf(ctx, companyId, parseOr400(reloadRunFilterSchema, params.filter ?? {}, instance), false, sort.order), params.pagination, instance, runRecord, false);
}

export function listHistory(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<ReloadRun> {
  const { companyId } = ctx.require('reloadables/reloads-history', 'list');
  const instance = `${base(companyId)}/history`;
  const sort = sortParam(params.sort, ['createdAt'] as const, { field: 'createdAt', order: 'DESC' }, instance);
  return page(runsOf(ctx, companyId, parseOr400(reloadRunFilterSchema, params.filter ?? {}, instance), true, sort.order), params.pagination, instance, runRecord, false);
}

export function exportHistory(ctx: DemoContext, filter: ReloadRunFilter, format: CsvFormat): Blob {
  const { companyId } = ctx.require('reloadables/reloads-history', 'export');
  const parsed = parseOr400(reloadRunFilterSchema, filter ?? {}, `${base(companyId)}/history/export`);
  const store = reloadablesOf(ctx.db);
  const runs = runsOf(ctx, companyId, parsed, true).map((run) => ({
    run: runRecord(run),
    rows: store.rows.filter((r) => r.runId === run.id).sort((a, b) => a.position - b.position).map((r) => rowRecord(ctx.db, store, r)),
  }));
  return historyCsv(runs, format);
}

/** `reloadables/reload-rows`: a run's rows by position (filter `runId`, the path's; state, cardNumber). */
export function listRunRows(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<PlannedReload> {
  const { runId, ...rest } = (params.filter ?? {}) as Record<string, unknown>;
  const { run, instance } = runOr404(ctx, 'reloadables/reload-rows', 'list', runId);
  const filter = parseOr400(plannedReloadFilterSchema, rest, `${instance}/rows`);
  const sort = sortParam(params.sort, ['position'] as const, { field: 'position', order: 'ASC' }, `${instance}/rows`);
  const store = reloadablesOf(ctx.db);
  const rows = store.rows
    .filter((r) => r.runId === run.id && (!filter.state || r.state === filter.state))
    .map((r) => rowRecord(ctx.db, store, r))
    .filter((r) => !filter.cardNumber || r.cardNumber.startsWith(filter.cardNumber))
    .sort((a, b) => (sort.order === 'ASC' ? 1 : -1) * (a.position - b.position));
  return page(rows, params.pagination, `${instance}/rows`, (r) => r, false);
}

/** `reloadables/queue-reloads`: planned rows (default IN_PROGRESS), soonest first. */
export function listQueue(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<PlannedReload> {
  const { companyId } = ctx.require('reloadables/queue-reloads', 'list');
  const instance = `${base(companyId)}/planned`;
  const filter = parseOr400(plannedReloadFilterSchema, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, ['scheduledAt'] as const, { field: 'scheduledAt', order: 'ASC' }, instance);
  const from = filter.scheduledFrom ? rangeStart(filter.scheduledFrom).getTime() : -Infinity;
  const to = filter.scheduledTo ? rangeEndExclusive(filter.scheduledTo).getTime() : Infinity;
  const store = reloadablesOf(ctx.db);
  const planned = new Set(store.runs.filter((r) => r.scheduledAt !== null && r.companyId === companyId).map((r) => r.id));
  const rows = store.rows
    .filter((r) => planned.has(r.runId) && r.state === (filter.state ?? 'IN_PROGRESS') && (!filter.runId || r.runId === filter.runId))
    .map((r) => rowRecord(ctx.db, store, r))
    .filter((r) => {
      const at = new Date(r.scheduledAt!).getTime();
      return (!filter.cardNumber || r.cardNumber.startsWith(filter.cardNumber)) && at >= from && at < to;
    })
    .sort((a, b) => (sort.order === 'ASC' ? 1 : -1) * (a.scheduledAt!.localeCompare(b.scheduledAt!) || a.runNumber.localeCompare(b.runNumber) || a.position - b.position));
  return page(rows, params.pagination, instance, (r) => r, false);
}

export function reloadsTemplate(ctx: DemoContext, language: ExportLanguage): Blob {
  ctx.require(RELOADS, 'template');
  return new Blob([reloadCsvTemplate(language)], { type: 'text/csv;charset=utf-8' });
}
