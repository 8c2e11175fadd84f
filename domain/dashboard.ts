import { z } from 'zod';
import { defineFields, type FieldSet } from './fields';
import { maxLengthMessage, messageWith } from './messages';

/**
 * The analytics dashboard (issue 21, SPEC §2 /dashboard, §6 powerBi.reportBase / reportPremium).
 * Bearer; the access entry `dashboard` (either flag) and {companyId} in the caller's scope.
 *
 *   GET /api/company/{companyId}/dashboard/stats?from=&to=&companyId=&includeSubCompanies=
 *       DashboardStats of the gift cards of that company (empty: the route's) and, by default, its
 *       sub-companies. Answered from the daily summaries the rollup job keeps
 *       (giftcard_stats_daily, giftcard_store_stats_daily: server/modules/dashboard), never a scan
 *       of the ledger. `premium` only for a caller with powerBi.reportPremium (others: absent).
 *       400 VALIDATION_ERROR (from > to, a period over DASHBOARD_LIMITS.maxPeriodDays).
 *   GET /api/company/{companyId}/dashboard/embed
 *       DashboardEmbed: Power BI Embedded ("app owns data") when the server is configured for it —
 *       the premium report for a premium caller when one is configured, else the base report — with
 *       an embed token whose effective identity carries the caller's company subtree (row-level
 *       security); `{ mode: 'builtin' }` when it is not configured; `{ mode: 'builtin', fallback:
 *       'POWERBI_UNAVAILABLE' }` when it is but no token could be had (the SPA shows the built-in
 *       charts with a notice). The SPA asks again about ten minutes before `expiresAt`.
 *
 * Days are business days in BUSINESS_TIME_ZONE: the summaries are kept per day there, whatever the
 * viewer's zone.
 */

export const BUSINESS_TIME_ZONE = 'Europe/Rome';

export const DASHBOARD_LIMITS = {
  /** the longest period the dashboard shows (days, both ends counted) */
  maxPeriodDays: 731,
  /** up to this many days the series is per day; up to 6 months per week (Monday); beyond, per month */
  dailyUpToDays: 62,
  weeklyUpToDays: 186,
} as const;

export const DASHBOARD_GRANULARITIES = ['day', 'week', 'month'] as const;
export type DashboardGranularity = (typeof DASHBOARD_GRANULARITIES)[number];

/** The series' step for a period of `days` days. */
export function granularityFor(days: number): DashboardGranularity {
  if (days <= DASHBOARD_LIMITS.dailyUpToDays) return 'day';
  return days <= DASHBOARD_LIMITS.weeklyUpToDays ? 'week' : 'month';
}

const day = z.string().min(1, 'validation.required').max(10, maxLengthMessage(10)).pipe(z.iso.date('validation.invalid'));

export const dashboardQuerySchema = z
  .object({
    from: day,
    to: day,
    companyId: z.string().max(64, maxLengthMessage(64)).optional(),
    includeSubCompanies: z.enum(['true', 'false']).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
    else if ((Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1 > DASHBOARD_LIMITS.maxPeriodDays) ctx.addIssue({ code: 'custom', path: ['to'], message: messageWith('validation.periodTooLong', { max: DASHBOARD_LIMITS.maxPeriodDays }) });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The figures of a period (or of one step of the series). Money in cents. */
export const dashboardFiguresSchema = z.object({
  /** SOLD ledger rows */
  soldCount: z.number().int(),
  /** ACTIVATE ledger rows and what they loaded */
  activatedCount: z.number().int(),
  activatedCents: z.number().int(),
  /** CONSUME rows net of cancelled ones; cents net of RETURNs and of CANCELs of a consume or a return, on the cancel's day (server/modules/dashboard/rollup.ts, issue 43) */
  consumedCount: z.number().int(),
  consumedCents: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/** One step of the series: its first day, its figures, the outstanding balance at its last day's end. */
export const dashboardPointSchema = dashboardFiguresSchema.extend({ period: z.string(), outstandingCents: z.number().int() });

export const dashboardTypologyRowSchema = dashboardFiguresSchema.extend({ typologyId: z.string(), typologyName: z.string(), outstandingCents: z.number().int() });
export const dashboardStoreRowSchema = dashboardFiguresSchema.extend({ storeId: z.string().nullable(), storeName: z.string().nullable() });

export const dashboardStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(DASHBOARD_GRANULARITIES),
  /** when the summaries were last brought up to date (null: never yet) */
  updatedAt: z.string().nullable(),
  series: z.array(dashboardPointSchema),
  /** the period's figures, and the outstanding balance at its end */
  totals: dashboardFiguresSchema.extend({ outstandingCents: z.number().int() }),
  premium: z
    .object({
      /** the period of the same length just before */
      previous: z.object({ from: z.string(), to: z.string(), totals: dashboardFiguresSchema.extend({ outstandingCents: z.number().int() }) }),
      byTypology: z.array(dashboardTypologyRowSchema),
      byStore: z.array(dashboardStoreRowSchema),
    })
    .optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardEmbedSchema = z.union([
  z.object({ mode: z.literal('builtin'), fallback: z.literal('POWERBI_UNAVAILABLE').optional() }),
  z.object({
    mode: z.literal('powerbi'),
    reportId: z.string(),
    embedUrl: z.string(),
    accessToken: z.string(),
    /** the embed token's expiry (ISO) */
    expiresAt: z.string(),
    /** which configured report: base or premium */
    level: z.enum(['base', 'premium']),
  }),
]);
export type DashboardEmbed = z.infer<typeof dashboardEmbedSchema>;

/** A chart's data as CSV (domain/fieldCsv.ts, in the viewer's language): its columns, declared once. */
const figures = [
  { source: 'soldCount', label: 'dashboard.figures.soldCount', input: false, kind: 'number', column: true },
  { source: 'activatedCount', label: 'dashboard.figures.activatedCount', input: false, kind: 'number', column: true },
  { source: 'activatedCents', label: 'dashboard.figures.activatedCents', input: false, kind: 'money', column: true },
  { source: 'consumedCount', label: 'dashboard.figures.consumedCount', input: false, kind: 'number', column: true },
  { source: 'consumedCents', label: 'dashboard.figures.consumedCents', input: false, kind: 'money', column: true },
] as const;
const outstanding = { source: 'outstandingCents', label: 'dashboard.figures.outstandingCents', input: false, kind: 'money', column: true } as const;

export const dashboardSeriesFields: FieldSet = defineFields(z.object({}), [{ source: 'period', label: 'dashboard.figures.period', input: false, kind: 'date', column: true }, ...figures, outstanding]);
export const dashboardTypologyFields: FieldSet = defineFields(z.object({}), [{ source: 'typologyName', label: 'dashboard.figures.typology', input: false, column: true }, ...figures, outstanding]);
export const dashboardStoreFields: FieldSet = defineFields(z.object({}), [{ source: 'storeName', label: 'dashboard.figures.store', input: false, column: true }, ...figures]);
