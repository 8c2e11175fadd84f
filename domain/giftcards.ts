import { z } from 'zod';
import { amountMaxMessage, maxCardsMessage, maxDigitsMessage, maxLengthMessage, VALIDATION_MESSAGES } from './messages';
import { DEFAULT_MAX_TRANSACTION_CENTS, LANGUAGES } from './constants';
import { textField } from './text';

/**
 * Gift-card suite contract (SPEC §3–§5, DESIGN §4/§6), shared by the SPA and the API.
 * Amounts are integer cents; dates are ISO 8601 strings (UTC) or null. Messages are i18n keys.
 */

// ---------------------------------------------------------------- constants

export const CARD_STATUSES = ['ACTIVE', 'SOLD', 'DISABLED', 'LOCKED', 'EXPIRED', 'NOT_ACTIVE'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const CARD_STATUS_FILTERS = ['all', 'active', 'notSold', 'disabled', 'sold', 'draft', 'expired', 'locked', 'blocking'] as const;
export type CardStatusFilter = (typeof CARD_STATUS_FILTERS)[number];

/** Status filter → card statuses; `draft` also needs "no order reference". `all` → no condition. */
export const CARD_STATUS_FILTER_MAP: Record<CardStatusFilter, { statuses: readonly CardStatus[] | null; noOrderReference?: true }> = {
  all: { statuses: null },
  active: { statuses: ['ACTIVE'] },
  notSold: { statuses: ['NOT_ACTIVE'] },
  disabled: { statuses: ['DISABLED'] },
  sold: { statuses: ['SOLD'] },
  draft: { statuses: ['NOT_ACTIVE'], noOrderReference: true },
  expired: { statuses: ['EXPIRED'] },
  locked: { statuses: ['LOCKED'] },
  blocking: { statuses: ['DISABLED', 'LOCKED'] },
};

/** SPEC §4 raw ledger types. */
export const TRANSACTION_TYPES = [
  'ACTIVATE',
  'SOLD',
  'CANCEL',
  'CONSUME',
  'DISABLE',
  'DEACTIVATE',
  'ENABLE',
  'FREEZE',
  'RECHARGE',
  'RETURN',
  'UNFREEZE',
] as const;

/**
 * Ledger-only types that are not SPEC raw types: LOCK (the "lock" half of "disable or lock") and
 * EDIT_EXPIRY (expiry changed). They move no money; they keep every state change in the ledger.
 */
export const LEDGER_TYPES = [...TRANSACTION_TYPES, 'LOCK', 'EDIT_EXPIRY'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const TRANSACTION_LIST_TYPES = ['sold', 'consume', 'freeze', 'recharge', 'unfreeze', 'returnConsume', 'cancel', 'shipmentInProgress'] as const;
export type TransactionListType = (typeof TRANSACTION_LIST_TYPES)[number];

/**
 * List type → raw types. `shipmentInProgress` has no ledger type yet (the orders issue owns
 * shipments): filtering by it returns no rows.
 */
export const TRANSACTION_LIST_TYPE_MAP: Record<TransactionListType, readonly LedgerType[]> = {
  sold: ['SOLD'],
  consume: ['CONSUME'],
  freeze: ['FREEZE'],
  recharge: ['RECHARGE'],
  unfreeze: ['UNFREEZE'],
  returnConsume: ['RETURN'],
  cancel: ['CANCEL'],
  shipmentInProgress: [],
};

/** Raw type → list type (null for types the list has no name for: ACTIVATE, DISABLE, …). */
export function listTypeOf(type: LedgerType): TransactionListType | null {
  for (const listType of TRANSACTION_LIST_TYPES) {
    if (TRANSACTION_LIST_TYPE_MAP[listType].includes(type)) return listType;
  }
  return null;
}

export const TRANSACTION_RESULTS = ['SUCCESS', 'ERROR'] as const;
export type TransactionResult = (typeof TRANSACTION_RESULTS)[number];

/** Types a CANCEL can reverse (once). */
export const CANCELLABLE_TYPES: readonly LedgerType[] = ['CONSUME', 'RECHARGE', 'RETURN'];

/** The typology's types, expiries and record: declared in domain/typology.ts. */
export { EXPIRATION_TYPES, TYPOLOGY_TYPES, typologySchema, type ExpirationType, type Typology, type TypologyType } from './typology';

export { DEFAULT_MAX_TRANSACTION_CENTS } from './constants';

/** Lists: at most this many rows per page (`range` [start,end]). */
export const MAX_PAGE_SIZE = 200;

/**
 * The card list's count is bounded: it stops at this many cards (and says "more than"), so it
 * costs at most a walk of that many index entries however big the company is.
 */
export const CARD_COUNT_CAP = 10_000;
/** Bulk on a filtered set asks for a stronger confirmation above this many cards (or with no filter). */
export const BULK_STRONG_CONFIRM_OVER = 1_000;

/** Bulk actions: ids up to 5,000 per call; a filter set up to 50,000 cards. */
export const MAX_BULK_IDS = 5_000;
export const MAX_BULK_FILTER_CARDS = 50_000;
export const BULK_ACTIONS = ['activate', 'reload', 'deactivate', 'disable', 'lock', 'enable', 'editExpiry'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Card codes: 16 characters of an alphabet without look-alikes (0/O, 1/I/L). */
export const CARD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CARD_CODE_LENGTH = 16;

/** What a user typed as a code: upper case, spaces and hyphens removed. */
export function normalizeCardCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

// ---------------------------------------------------------------- validation helpers

const requiredOr = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? VALIDATION_MESSAGES.required : key) });

/** A money amount in cents: integer, > 0, ≤ max. */
export function amountCentsSchema(max: number = DEFAULT_MAX_TRANSACTION_CENTS) {
  return z.number(requiredOr(VALIDATION_MESSAGES.amount)).max(max, amountMaxMessage(max)).int(VALIDATION_MESSAGES.amount).positive(VALIDATION_MESSAGES.amount);
}

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], requiredOr(VALIDATION_MESSAGES.invalid));
/** A progressive typed in a filter: a whole number of up to 15 digits. */
export const PROGRESSIVE_MAX_DIGITS = 15;
const progressive = z.union([z.number().int().min(0).max(10 ** PROGRESSIVE_MAX_DIGITS - 1), z.string().regex(/^\d{1,15}$/, maxDigitsMessage(PROGRESSIVE_MAX_DIGITS)).transform(Number)], {
  error: maxDigitsMessage(PROGRESSIVE_MAX_DIGITS),
});
const uuid = z.uuid(VALIDATION_MESSAGES.invalid);

/** Start of the day for a date-only bound, or the instant itself. */
export function rangeStart(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
}
/** Exclusive end: the next day for a date-only bound, or just after the instant. */
export function rangeEndExclusive(value: string): Date {
  const date = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  if (value.length === 10) date.setUTCDate(date.getUTCDate() + 1);
  else date.setTime(date.getTime() + 1);
  return date;
}

function checkOrder(
  ctx: z.RefinementCtx,
  from: string | number | undefined,
  to: string | number | undefined,
  path: string,
  message: string,
) {
  if (from === undefined || to === undefined) return;
  const ordered = typeof from === 'number' && typeof to === 'number' ? from <= to : rangeStart(String(from)) <= rangeStart(String(to));
  if (!ordered) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** A filter's numeric from/to pairs (cents): refused on the "to" field when the start is above the end. */
export const refineNumberRanges =
  <T extends Record<string, unknown>>(...pairs: Array<[keyof T & string, keyof T & string]>) =>
  (value: T, ctx: z.RefinementCtx) => {
    for (const [from, to] of pairs) checkOrder(ctx, value[from] as number | undefined, value[to] as number | undefined, to, VALIDATION_MESSAGES.progressiveRange);
  };

/**
 * SPEC §5 "Date range: start date less than end date": a filter's from/to pairs, each refused
 * (`validation.dateRange` on the "to" field) when the start is after the end, so a reversed range
 * is a 400 the form shows on the field, not an empty list. Equal days are one day's range.
 */
export function refineDateRanges<T extends Record<string, unknown>>(...pairs: readonly (readonly [from: keyof T & string, to: keyof T & string])[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [from, to] of pairs) checkOrder(ctx, value[from] as string | undefined, value[to] as string | undefined, to, VALIDATION_MESSAGES.dateRange);
  };
}

// ---------------------------------------------------------------- cards

/** The fewest characters of a code the pickers search by (a shorter prefix matches too many cards). */
export const CARD_CODE_PREFIX_MIN = 4;

export const cardFilterShape = {
  status: z.enum(CARD_STATUS_FILTERS, { error: VALIDATION_MESSAGES.invalid }).optional(),
  /** exact code, or a prefix (the pickers ask for at least CARD_CODE_PREFIX_MIN characters) */
  code: textField({ max: 64 }).optional(),
  progressiveFrom: progressive.optional(),
  progressiveTo: progressive.optional(),
  lotNumber: textField({ max: 40 }).optional(),
  orderReference: textField({ max: 60 }).optional(),
  storeId: uuid.optional(),
  activationFrom: isoDate.optional(),
  activationTo: isoDate.optional(),
  expiryFrom: isoDate.optional(),
  expiryTo: isoDate.optional(),
};

/** Card list filter (strict). Date bounds are inclusive days (a date) or instants (a datetime). */
export const cardFilterSchema = z
  .object(cardFilterShape)
  .strict()
  .superRefine((value, ctx) => {
    checkOrder(ctx, value.progressiveFrom, value.progressiveTo, 'progressiveTo', VALIDATION_MESSAGES.progressiveRange);
    refineDateRanges<typeof value>(['activationFrom', 'activationTo'], ['expiryFrom', 'expiryTo'])(value, ctx);
  });
export type CardFilter = z.output<typeof cardFilterSchema>;

const isoOrNull = z.string().nullable();

export const giftCardSchema = z.object({
  id: z.string(),
  code: z.string(),
  progressive: z.number(),
  lotNumber: z.string().nullable(),
  orderReference: z.string().nullable(),
  typologyId: z.string(),
  typologyName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  status: z.enum(CARD_STATUSES),
  balanceCents: z.number(),
  frozenCents: z.number(),
  /** balance − frozen */
  availableBalanceCents: z.number(),
  activationDate: isoOrNull,
  expireDate: isoOrNull,
  firstUseDate: isoOrNull,
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  /** voided with its cancelled order: DISABLED for good, no action brings it back (CARD_VOIDED) */
  voided: z.boolean(),
  createdAt: z.string(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

/** GET cards/count: the filtered set's size, exact up to CARD_COUNT_CAP; `capped` when there are more. */
export const cardCountSchema = z.object({ count: z.number().int().min(0), capped: z.boolean() });
export type CardCount = z.infer<typeof cardCountSchema>;

export const cardCodeSearchSchema = z.object({ code: textField({ max: 64 }) }).strict();

// ---------------------------------------------------------------- transactions

export const transactionActionsSchema = z.object({ unfreeze: z.boolean(), return: z.boolean(), cancel: z.boolean() });
export type TransactionActions = z.infer<typeof transactionActionsSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  cardCode: z.string(),
  type: z.enum(LEDGER_TYPES),
  listType: z.enum(TRANSACTION_LIST_TYPES).nullable(),
  result: z.enum(TRANSACTION_RESULTS),
  /** signed effect on the balance (0 for ERROR rows and non-money rows) */
  amountCents: z.number(),
  balanceAfterCents: z.number(),
  frozenDeltaCents: z.number(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  storeCode: z.string().nullable(),
  returnNumber: z.string().nullable(),
  relatedTransactionId: z.string().nullable(),
  cancelledByTransactionId: z.string().nullable(),
  /**
   * FREEZE rows: when the hold was released — by its UNFREEZE, or by a DEACTIVATE that zeroed
   * the card's holds. null while the hold stands (only then can "unfreeze" work) and on every
   * other row.
   */
  releasedAt: z.string().nullable(),
  /** CONSUME rows: how much has been returned so far (0 for other types) */
  returnedCents: z.number(),
  typologyName: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  /** the row actions that would succeed now (domain/giftcardRules.ts rowActions) */
  actions: transactionActionsSchema,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionFilterSchema = z
  .object({
    type: z.enum(TRANSACTION_LIST_TYPES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    storeId: uuid.optional(),
    cardId: uuid.optional(),
  })
  .strict()
  .superRefine(refineDateRanges(['dateFrom', 'dateTo']));
export type TransactionFilter = z.output<typeof transactionFilterSchema>;

// ---------------------------------------------------------------- action bodies

const storeCode = textField({ max: 80 });

export const makeReloadSchema = (max?: number) => z.object({ amountCents: amountCentsSchema(max) }).strict();
export const makeMoveSchema = (max?: number) => z.object({ amountCents: amountCentsSchema(max), storeCode }).strict();
export const makeReturnSchema = (max?: number) =>
  z.object({ amountCents: amountCentsSchema(max), returnNumber: textField({ max: 40 }), storeCode }).strict();

export const reloadSchema = makeReloadSchema();
export const returnSchema = makeReturnSchema();
export type ReturnBody = z.infer<typeof returnSchema>;

export function makeBulkSchema(max?: number) {
  return z
    .object({
      action: z.enum(BULK_ACTIONS, requiredOr(VALIDATION_MESSAGES.invalid)),
      ids: z.array(uuid).min(1, VALIDATION_MESSAGES.required).max(MAX_BULK_IDS, maxCardsMessage(MAX_BULK_IDS)).optional(),
      filter: cardFilterSchema.optional(),
      params: z
        .object({ amountCents: amountCentsSchema(max).optional(), expireDate: z.iso.date(VALIDATION_MESSAGES.invalid).optional() })
        .strict()
        .optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.ids && value.filter) ctx.addIssue({ code: 'custom', path: ['ids'], message: VALIDATION_MESSAGES.invalid });
      if (!value.ids && !value.filter) ctx.addIssue({ code: 'custom', path: ['ids'], message: VALIDATION_MESSAGES.required });
      if (value.action === 'reload' && value.params?.amountCents === undefined) {
        ctx.addIssue({ code: 'custom', path: ['params', 'amountCents'], message: VALIDATION_MESSAGES.required });
      }
      if (value.action === 'editExpiry' && value.params?.expireDate === undefined) {
        ctx.addIssue({ code: 'custom', path: ['params', 'expireDate'], message: VALIDATION_MESSAGES.required });
      }
    });
}
export const bulkSchema = makeBulkSchema();
export type BulkBody = z.infer<typeof bulkSchema>;

export const bulkResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  total: z.number(),
  succeeded: z.number(),
  failed: z.array(z.object({ id: z.string(), code: z.string(), error: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Answer of reload, consume, freeze, unfreeze, return and cancel. */
export const cardMoveResultSchema = z.object({ card: giftCardSchema, transaction: transactionSchema });
export type CardMoveResult = z.infer<typeof cardMoveResultSchema>;

// ---------------------------------------------------------------- exports and typed amounts

/** Languages of the CSV files (headers, words, separator and decimal mark): every language of the choice (SPEC §1). */
export const EXPORT_LANGUAGES = LANGUAGES;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** Whether the runtime knows this IANA time zone ("Europe/Rome"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Query of GET cards/export: the filter, the file's language and the user's time zone. */
export const cardExportQuerySchema = z
  .object({
    filter: z.string().max(4000, maxLengthMessage(4000)).optional(),
    lang: z.enum(EXPORT_LANGUAGES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    tz: z.string().max(64, maxLengthMessage(64)).refine(isTimeZone, VALIDATION_MESSAGES.invalid).optional(),
  })
  .strict();

/** An amount typed in euros in the user's language → cents, or null: the one reader, domain/money.ts. */
export { parseAmountInput } from './money';
