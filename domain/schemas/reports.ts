import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { defineFields, filterTextSchema } from '../fields';
import { maxLengthMessage } from '../messages';
import { defineFilters } from '../filters';
import { REPORT_STATE_CHOICES, REPORT_STATES, REPORT_TYPES } from '../reports';

/**
 * The reports API (issue 21; SPEC §7's calls kept verbatim under /api). Bearer; the access entry
 * `report` (permission flag `report`) and {companyId} in the caller's scope (else 403 / 404).
 *
 *   GET  company/{companyId}/giftcard/report                          ReportType[] (SPEC §3 template: name, code,
 *                                                                      description, and the parameters), names in the
 *                                                                      caller's language (`lang` query, else the user's);
 *                                                                      only the types whose data the caller may read
 *                                                                      (domain/reports.ts canReadReportType)
 *   POST company/{companyId}/giftcard/report/{reportId}/generate      ReportGenerateBody → 202 GeneratedReport (queued);
 *                                                                      404 unknown type; 403 FORBIDDEN for a type the
 *                                                                      caller may not read; 400 VALIDATION_ERROR with
 *                                                                      `errors: { 'parameters.<key>': key }`; 409
 *                                                                      REPORTS_TOO_MANY_ACTIVE (params.max) past
 *                                                                      REPORTS_MAX_ACTIVE_PER_USER queued or running
 *   GET  company/{companyId}/giftcard/report-generated                GeneratedReport[] of the route company's subtree
 *                                                                      and of the types the caller may read
 *                                                                      (filter: state, reportId, q; sort createdAt DESC
 *                                                                      default; range; Content-Range with a total)
 *   GET  company/{companyId}/giftcard/report-generated/{reportId}     the CSV (text/csv; charset=utf-8, attachment
 *                                                                      report_{id}.csv, streamed from the file storage);
 *                                                                      409 REPORT_NOT_READY (queued, running, failed),
 *                                                                      410 REPORT_EXPIRED; 404 outside the subtree;
 *                                                                      403 FORBIDDEN for a type the caller may not read
 *
 * The CSV is written in the requester's language and time zone (the body's), BOM, the language's
 * separator, formula-safe cells, through the one CSV writer (server/lib/csv-export.ts).
 */

const iso = z.string();
const isoOrNull = z.string().nullable();

export const reportParameterSchema = z.object({
  name: z.string(),
  kind: z.string(),
  required: z.boolean(),
  /** kind select: the ids it takes */
  choices: z.array(z.string()).optional(),
});

/** SPEC §3 report template: name, code, description; `id` is what generate takes as {reportId}. */
export const reportTypeSchema = z.object({
  id: z.enum(REPORT_TYPES),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  parameters: z.array(reportParameterSchema),
});
export type ReportType = z.infer<typeof reportTypeSchema>;

/** POST …/generate: the type's parameters (checked with its schema, domain/reports.ts) and how the file is written. */
export const reportGenerateBodySchema = z
  .object({
    parameters: z.record(z.string(), z.unknown()),
    /** the CSV's language (headers, words, separator) */
    language: z.enum(LANGUAGES).optional(),
    /** IANA zone of the requester: days of the parameters and instants of the file */
    timeZone: z.string().max(64, maxLengthMessage(64)).optional(),
    /** e-mail the requester when the file is ready (or failed) */
    notify: z.boolean().optional(),
  })
  .strict();
export type ReportGenerateBody = z.infer<typeof reportGenerateBodySchema>;

/** SPEC §3 report (id, report id, name, description, creation date, type) and ours. */
export const generatedReportSchema = z.object({
  id: z.string(),
  /** the type (REPORT_TYPES) */
  reportId: z.enum(REPORT_TYPES),
  /** the type's name and description in the requester's language when it was generated */
  name: z.string(),
  description: z.string(),
  /** the file's type: 'csv' */
  type: z.literal('csv'),
  createdAt: iso,
  parameters: z.record(z.string(), z.unknown()),
  /** the parameters in words, in the requester's language ("Al 31/10/2026 · Acme S.p.A. e sotto-aziende") */
  parametersText: z.string(),
  state: z.enum(REPORT_STATES),
  /** 0–100 while running, 100 when ready */
  progress: z.number().int(),
  rowCount: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** failed: a code of SPEC §8's table (INTERNAL_ERROR when nothing better) */
  errorCode: z.string().nullable(),
  notify: z.boolean(),
  companyId: z.string(),
  companyName: z.string(),
  requestedById: z.string().nullable(),
  requestedByName: z.string().nullable(),
  language: z.string(),
  timeZone: z.string(),
  startedAt: isoOrNull,
  finishedAt: isoOrNull,
  /** when a ready file is deleted (REPORTS_RETENTION_DAYS after it was made) */
  expiresAt: isoOrNull,
});
export type GeneratedReport = z.infer<typeof generatedReportSchema>;

export const generatedReportFilterSchema = z
  .object({
    q: filterTextSchema.optional(),
    state: z.enum(REPORT_STATES).optional(),
    reportId: z.enum(REPORT_TYPES).optional(),
  })
  .strict();
export type GeneratedReportFilter = z.infer<typeof generatedReportFilterSchema>;

export const generatedReportFilters = defineFilters(generatedReportFilterSchema, 'reports.filters', [
  { source: 'q' },
  { source: 'reportId', kind: 'select', choices: REPORT_TYPES.map((id) => ({ id, name: `reports.types.${id}.name` })), any: 'reports.filters.anyType' },
  { source: 'state', kind: 'select', choices: REPORT_STATE_CHOICES, any: 'reports.filters.anyState' },
]);

/** The list of generated reports (/report/list): columns, phone rows, filters. */
export const generatedReportFields = defineFields(
  z.object({}),
  [
    { source: 'name', label: 'reports.fields.name', input: false, column: true },
    { source: 'parametersText', label: 'reports.fields.parameters', input: false, column: true },
    { source: 'createdAt', label: 'reports.fields.createdAt', input: false, kind: 'datetime', column: true, sortable: true },
    { source: 'requestedByName', label: 'reports.fields.requestedBy', input: false, column: true },
    { source: 'state', label: 'reports.fields.state', input: false, kind: 'select', choices: REPORT_STATE_CHOICES, column: true },
    { source: 'rowCount', label: 'reports.fields.rowCount', input: false, kind: 'number', column: true },
    { source: 'sizeBytes', label: 'reports.fields.size', input: false, kind: 'number' },
    { source: 'expiresAt', label: 'reports.fields.expiresAt', input: false, kind: 'datetime', column: true },
    { source: 'companyName', label: 'reports.fields.company', input: false },
  ],
  { resource: 'report', primary: 'name', sort: { field: 'createdAt', order: 'DESC' }, texts: 'reports.list', filterForm: generatedReportFilters },
);
