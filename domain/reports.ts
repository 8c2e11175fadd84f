import { z } from 'zod';
import { canAccess, type ActionOf, type ResourceName } from './access';
import { defineFields, type FieldChoice, type FieldSet } from './fields';
import { maxLengthMessage, messageWith } from './messages';
import type { Permissions } from './permissions';
import { CARD_STATUSES, LEDGER_TYPES } from './giftcards';
import { ORDER_DISPLAY_STATES } from './orders';
import { SQUARE_CODE_STATES, SQUARE_COMMUNICATION_STATES } from './square';

/**
 * Reports (issue 21, SPEC §2 /report, §3 report and report template, §7 report calls): the types a
 * user may generate, their parameters (a zod schema and its field declarations, one per type: the
 * API validates a generation with the schema, the SPA's generate form is built from the fields),
 * and a generated report's states. A generation is a job writing a CSV into the file storage
 * (server/modules/reports).
 *
 * Every type takes the companies it covers: `companyId` (a company of the caller's subtree; empty:
 * the route's) and `includeSubCompanies` (that company's sub-companies too; default yes). Days are
 * the requester's days (the generation's `timeZone`): a period from `dateFrom` 00:00 to `dateTo`
 * 24:00, a balance "at" a day is the balance at that day's end.
 */

export const REPORT_TYPES = ['outstanding-balances', 'giftcard-transactions', 'cards-by-state', 'orders', 'reloads', 'square-codes'] as const;
export type ReportTypeId = (typeof REPORT_TYPES)[number];

/** SPEC §3 "code" of a template: the id in capitals (OUTSTANDING_BALANCES). */
export const reportCode = (id: ReportTypeId) => id.toUpperCase().replace(/-/g, '_');

/** queued → running → ready | failed; a ready report's file is deleted at `expiresAt` (→ expired). */
export const REPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_ACTIVE_STATES: readonly ReportState[] = ['queued', 'running'];
const REPORT_STATE_TONES = { queued: 'grey', running: 'yellow', ready: 'green', failed: 'red', expired: 'transparent' } as const;
export const REPORT_STATE_CHOICES: readonly FieldChoice[] = REPORT_STATES.map((id) => ({ id, name: `reports.states.${id}`, tone: REPORT_STATE_TONES[id] }));

export const REPORT_LIMITS = {
  /** the longest period a report may cover (days, both ends counted) */
  maxPeriodDays: 366,
} as const;

const day = z.string().min(1, 'validation.required').pipe(z.iso.date('validation.invalid'));
const optionalDay = z.union([z.literal(''), day]);
const companyScope = {
  companyId: z.string().max(64, maxLengthMessage(64)),
  includeSubCompanies: z.boolean(),
};

/** Days between two ISO days, both counted (2026-10-01 → 2026-10-31: 31). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A period's rules: from ≤ to, at most REPORT_LIMITS.maxPeriodDays. */
const period = <S extends z.ZodObject<{ dateFrom: typeof day; dateTo: typeof day }>>(schema: S) =>
  schema.superRefine((value, ctx) => {
    if (value.dateFrom > value.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.dateRange' });
    else if (periodDays(value.dateFrom, value.dateTo) > REPORT_LIMITS.maxPeriodDays) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: messageWith('validation.periodTooLong', { max: REPORT_LIMITS.maxPeriodDays }) });
  });

const choices = (ids: readonly string[], prefix: string): FieldChoice[] => ids.map((id) => ({ id, name: `${prefix}.${id}` }));
const company = {
  source: 'companyId',
  label: 'reports.parameters.companyId',
  kind: 'reference',
  reference: { resource: 'privative-orders/companies', optionText: 'companyName' },
  helper: 'reports.generate.companyEmpty',
} as const;
const subCompanies = { source: 'includeSubCompanies', label: 'reports.parameters.includeSubCompanies', kind: 'boolean', defaultValue: true } as const;
const from = { source: 'dateFrom', label: 'reports.parameters.dateFrom', kind: 'date' } as const;
const to = { source: 'dateTo', label: 'reports.parameters.dateTo', kind: 'date' } as const;

export const outstandingBalancesParameters = z.object({ date: day, ...companyScope }).strict();
export const giftcardTransactionsParameters = period(
  z.object({ dateFrom: day, dateTo: day, type: z.union([z.literal(''), z.enum(LEDGER_TYPES)]), ...companyScope }).strict(),
);
export const cardsByStateParameters = z.object({ status: z.union([z.literal(''), z.enum(CARD_STATUSES)]), ...companyScope }).strict();
export const ordersParameters = period(z.object({ dateFrom: day, dateTo: day, state: z.union([z.literal(''), z.enum(ORDER_DISPLAY_STATES)]), ...companyScope }).strict());
export const reloadsParameters = period(z.object({ dateFrom: day, dateTo: day, ...companyScope }).strict());
export const squareCodesParameters = z
  .object({
    status: z.union([z.literal(''), z.enum(SQUARE_CODE_STATES)]),
    delivery: z.union([z.literal(''), z.enum(SQUARE_COMMUNICATION_STATES)]),
    /** the orders' creation days (empty: any) */
    dateFrom: optionalDay,
    dateTo: optionalDay,
    ...companyScope,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.dateFrom && value.dateTo && value.dateFrom > value.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.dateRange' });
  });

/** An entry of the access table (domain/access.ts): a resource and one of its actions. */
export type AccessEntry = { [R in ResourceName]: readonly [R, ActionOf<R>] }[ResourceName];

export interface ReportTypeDefinition {
  id: ReportTypeId;
  /** the parameters: the API's rule and the generate form's inputs */
  parameters: FieldSet;
  /**
   * The data its file holds, as entries of the access table: the areas whose rows the job reads
   * (server/modules/reports/types/). A caller must be allowed EVERY one to see the type offered,
   * generate it, find it in the list or download it (`canReadReportType`) — a report never hands
   * out what the screens would refuse. `export` where the area has a file of those rows of its
   * own, else `list`.
   */
  reads: readonly AccessEntry[];
}

/**
 * The types, in the order the generate form offers them. Texts: `reports.types.<id>.name` and
 * `.description` (locales/<lang>/reports.json), the same on the server (the API's names) and the SPA.
 */
export const REPORT_TYPE_DEFINITIONS: readonly ReportTypeDefinition[] = [
  {
    id: 'outstanding-balances',
    // the cards' balances per typology at a day, summed from each card's ledger
    reads: [
      ['privative/giftcards', 'export'],
      ['privative/giftcard-transactions', 'list'],
    ],
    parameters: defineFields(outstandingBalancesParameters, [{ source: 'date', label: 'reports.parameters.date', kind: 'date' }, company, subCompanies]),
  },
  {
    id: 'giftcard-transactions',
    // every ledger row of the subtree with its card, store and user: the transaction list's rows
    reads: [['privative/transactions', 'list']],
    parameters: defineFields(giftcardTransactionsParameters, [
      from,
      to,
      { source: 'type', label: 'reports.parameters.transactionType', kind: 'select', choices: choices(LEDGER_TYPES, 'transactions.types') },
      company,
      subCompanies,
    ]),
  },
  {
    id: 'cards-by-state',
    // the card list's own export
    reads: [['privative/giftcards', 'export']],
    parameters: defineFields(cardsByStateParameters, [{ source: 'status', label: 'reports.parameters.cardStatus', kind: 'select', choices: choices(CARD_STATUSES, 'giftcards.status') }, company, subCompanies]),
  },
  {
    id: 'orders',
    // the order list's export over the orders the companies placed AND those others placed for them (acquired)
    reads: [
      ['privative-orders/orders', 'export'],
      ['privative-orders/acquired-orders', 'export'],
    ],
    parameters: defineFields(ordersParameters, [from, to, { source: 'state', label: 'reports.parameters.orderState', kind: 'select', choices: choices(ORDER_DISPLAY_STATES, 'orders.status') }, company, subCompanies]),
  },
  {
    id: 'reloads',
    // the wallet export (every movement, balance after, counterpart) whose reload rows name the card and the run
    reads: [
      ['reloadables/wallet', 'export'],
      ['reloadables/reloads-history', 'export'],
    ],
    parameters: defineFields(reloadsParameters, [from, to, company, subCompanies]),
  },
  {
    id: 'square-codes',
    // the square orders' reconciliation export over every order: each code with its recipient's e-mail and value, and its last delivery (retries, SMTP answer)
    reads: [
      ['square/orders', 'export'],
      ['square/codes', 'list'],
      ['square/communications', 'list'],
    ],
    parameters: defineFields(squareCodesParameters, [
      { source: 'status', label: 'reports.parameters.codeStatus', kind: 'select', choices: choices(SQUARE_CODE_STATES, 'square.codeStatus') },
      { source: 'delivery', label: 'reports.parameters.delivery', kind: 'select', choices: choices(SQUARE_COMMUNICATION_STATES, 'square.communicationStatus') },
      { ...from, label: 'reports.parameters.ordersFrom' },
      { ...to, label: 'reports.parameters.ordersTo' },
      company,
      subCompanies,
    ]),
  },
];

export const reportTypeDefinition = (id: string): ReportTypeDefinition | undefined => REPORT_TYPE_DEFINITIONS.find((definition) => definition.id === id);

/** What the access table reads of the caller besides their flags (domain/access.ts: provider staff's entries). */
export interface ReportReader {
  isProvider?: boolean;
}

/**
 * THE rule of who may have a type's data (SPEC §6 flags through the access table): every entry it
 * `reads` allowed to these permissions. It decides the types the API lists and the generate form
 * offers, whether a generation is accepted, and which generated reports the list shows and the
 * download hands out. (The `report` flag itself is the routes' own guard.) An unknown type: no.
 */
export function canReadReportType(permissions: Permissions | null | undefined, type: ReportTypeId | ReportTypeDefinition | string, context: ReportReader = {}): boolean {
  const definition = typeof type === 'string' ? reportTypeDefinition(type) : type;
  return definition !== undefined && definition.reads.every(([resource, action]) => canAccess(permissions, resource, action, { isProvider: context.isProvider === true }));
}

/** The types these permissions may read, in the form's order. */
export function reportTypesFor(permissions: Permissions | null | undefined, context: ReportReader = {}): ReportTypeDefinition[] {
  return REPORT_TYPE_DEFINITIONS.filter((definition) => canReadReportType(permissions, definition, context));
}

/** What the caller may do with a generated report (the list's row actions). */
export function reportDownloadable(state: ReportState): boolean {
  return state === 'ready';
}
