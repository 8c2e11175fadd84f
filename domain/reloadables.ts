import { z } from 'zod';
import { RELOAD_ERROR_CODES } from './errors';
import { CSV_SEPARATOR } from './csv';
import { refineDateRanges, refineNumberRanges, type ExportLanguage } from './giftcards';
import { csvAmount } from './format';
import { countDataLines, csvLines, csvSeparatorOf, splitCsvLine } from './csvRead';
import { amountMaxMessage, messageWith, maxCardsMessage, maxDigitsMessage, maxLengthMessage, maxRecipientsMessage, VALIDATION_MESSAGES } from './messages';
import { AMOUNT_MESSAGES, MAX_SAFE_CENTS, readAmount } from './money';
import { optionalTextField, textField } from './text';

/**
 * The reloadable B2B card programme (SPEC §2/§3/§4, DESIGN §6): a company's wallet (plafond)
 * funds reloads of its prepaid cards; a parent company funds its sub-companies' wallets.
 * Shared by the API (server/modules/reloadables), the SPA and the demo provider, so the three
 * apply one set of rules and error codes. Decisions where SPEC is silent are written here and in
 * server/modules/reloadables/README.md.
 */

// ---------------------------------------------------------------- states (SPEC §4, spelling kept)

export const RELOADABLE_CARD_STATUSES = ['ACTIVE', 'NOT ACTIVE', 'LOCKED', 'FREEZED', 'DELETED'] as const;
export type ReloadableCardStatus = (typeof RELOADABLE_CARD_STATUSES)[number];

/** A reload run and each of its rows (planned reloads). */
export const RELOAD_STATES = ['COMPLETED', 'IN_PROGRESS', 'DELETED'] as const;
export type ReloadState = (typeof RELOAD_STATES)[number];

/** Wallet movement types (SPEC §3 "reload type"). */
export const WALLET_MOVEMENT_TYPES = ['WALLET_RELOAD', 'CARD_RELOAD'] as const;
export type WalletMovementType = (typeof WALLET_MOVEMENT_TYPES)[number];

/** Why a wallet movement happened: provider funding, a transfer between parent and sub-company, a card reload (or its release). */
export const WALLET_MOVEMENT_REASONS = ['FUNDING', 'TRANSFER_OUT', 'TRANSFER_IN', 'CARD_RELOAD'] as const;
export type WalletMovementReason = (typeof WALLET_MOVEMENT_REASONS)[number];

/**
 * What a movement is, as the screens and the CSV word its type: SPEC's "wallet reload" is the
 * type of a funding and of a transfer alike, but a transfer (out of the wallet, or into it from
 * the other company) reads as a transfer, not as a reload of the wallet.
 */
export const WALLET_MOVEMENT_KINDS = ['WALLET_RELOAD', 'TRANSFER', 'CARD_RELOAD'] as const;
export type WalletMovementKind = (typeof WALLET_MOVEMENT_KINDS)[number];
export function movementKindOf(movement: { type: WalletMovementType; reason: WalletMovementReason }): WalletMovementKind {
  return movement.reason === 'TRANSFER_IN' || movement.reason === 'TRANSFER_OUT' ? 'TRANSFER' : movement.type;
}

/** A card's history (append-only events). */
export const CARD_EVENT_TYPES = ['ISSUE', 'RELOAD', 'LOCK', 'UNLOCK', 'COMPANY_LINKED', 'CLIENT_ID_CHANGED'] as const;
export type CardEventType = (typeof CARD_EVENT_TYPES)[number];

export const RELOAD_SOURCES = ['MANUAL', 'CSV', 'CARD'] as const;
export type ReloadSource = (typeof RELOAD_SOURCES)[number];

/** Badge tones (SPEC §4): a completed reload is transparent, an in-progress one yellow, deleted red. */
export const RELOADABLE_CARD_TONES: Record<ReloadableCardStatus, 'green' | 'yellow' | 'red' | 'grey' | 'transparent'> = {
  ACTIVE: 'green',
  'NOT ACTIVE': 'transparent',
  LOCKED: 'red',
  FREEZED: 'red',
  DELETED: 'red',
};
export const RELOAD_STATE_TONES: Record<ReloadState, 'yellow' | 'red' | 'transparent'> = {
  COMPLETED: 'transparent',
  IN_PROGRESS: 'yellow',
  DELETED: 'red',
};

/**
 * How a run or a row reads now. SPEC's state of a plan is IN_PROGRESS from its creation, but a
 * plan whose time has not come is not running: it reads PLANNED ("planned for {date}", a neutral
 * grey badge), and IN_PROGRESS ("in progress", yellow) once its time has come or its run started.
 */
export type ReloadDisplayState = ReloadState | 'PLANNED';
export const RELOAD_DISPLAY_TONES: Record<ReloadDisplayState, 'yellow' | 'red' | 'transparent' | 'grey'> = { ...RELOAD_STATE_TONES, PLANNED: 'grey' };
export function reloadDisplayState(item: { state: ReloadState; scheduledAt: string | null; startedAt?: string | null }, now: number): ReloadDisplayState {
  const waiting = item.state === 'IN_PROGRESS' && !item.startedAt && item.scheduledAt !== null && Date.parse(item.scheduledAt) > now;
  return waiting ? 'PLANNED' : item.state;
}

// ---------------------------------------------------------------- limits (README: "Reloadable cards")

export const RELOAD_LIMITS = {
  /** one reload row at most (a card is a prepaid instrument, not a wallet) */
  maxReloadCents: 250_000,
  /** defaults of the per-card caps; the server reads RELOAD_MONTHLY_CAP_CENTS / RELOAD_YEARLY_CAP_CENTS */
  monthlyCapCents: 250_000,
  yearlyCapCents: 1_000_000,
  /** rows of one run (manual selection or CSV) */
  maxRows: 10_000,
  /** row errors a check reports one by one; beyond them only their number (a file of bad lines answers a page, not megabytes) */
  maxReportedErrors: 200,
  /** a funding or a transfer at most */
  maxWalletMoveCents: 100_000_000,
  /** SPEC §5/§9: uploads up to 5 MB */
  maxCsvBytes: 5 * 1024 * 1024,
  /** how far ahead a run may be planned */
  maxScheduleDays: 366,
  clientIdMax: 40,
  /** cards of one bulk action */
  maxBulkCards: 5_000,
  /** addresses of the notifications */
  maxRecipients: 10,
} as const;

/**
 * The amounts the helper texts give as examples ("e.g. 1500 or 1500,50"), in the reader's input
 * format (domain/format.ts `amountInputText`). Each sits below its field's cap (with its decimal
 * variant, + 0,50): a hint above the rule would contradict it (issue 43).
 */
export const RELOAD_AMOUNT_EXAMPLES = {
  /** funding a wallet (cap RELOAD_LIMITS.maxWalletMoveCents) */
  fundCents: 150_000,
  /** a transfer to a sub-company (cap RELOAD_LIMITS.maxWalletMoveCents) */
  transferCents: 50_000,
  /** a card's reload (cap RELOAD_LIMITS.maxReloadCents) */
  reloadCents: 5_000,
  /** the low-balance alert's threshold (cap RELOAD_LIMITS.maxWalletMoveCents) */
  thresholdCents: 100_000,
} as const;

/** The day of the month the monthly statement goes out (the server's statement job runs then, Europe/Rome). */
export const MONTHLY_STATEMENT_DAY = 1;

export interface ReloadCaps {
  monthlyCapCents: number;
  yearlyCapCents: number;
}
export const DEFAULT_RELOAD_CAPS: ReloadCaps = { monthlyCapCents: RELOAD_LIMITS.monthlyCapCents, yearlyCapCents: RELOAD_LIMITS.yearlyCapCents };

// ---------------------------------------------------------------- rules

/** Error codes of the programme (declared with the others in domain/errors.ts; texts in errors.codes.*). */
export { RELOAD_ERROR_CODES };
export type ReloadErrorCode = (typeof RELOAD_ERROR_CODES)[number];

/** Year-month key of an instant in the programme's zone (caps are per calendar month and year). */
export const PROGRAMME_TIME_ZONE = 'Europe/Rome';
const periodFormats = new Map<string, Intl.DateTimeFormat>();
export function periodOf(at: Date, timeZone = PROGRAMME_TIME_ZONE): { month: string; year: string } {
  // one formatter per zone: building one costs ~70 µs, and a 10,000-row run asks per row
  let format = periodFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
    periodFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return { month: `${year}-${month}`, year };
}

/** What the reload rules need to know of a card. */
export interface ReloadableCardState {
  status: ReloadableCardStatus;
  expirationDate: string | null;
  /** the period the totals below belong to (`YYYY-MM`, `YYYY`) */
  monthKey: string | null;
  yearKey: string | null;
  monthReloadedCents: number;
  yearReloadedCents: number;
}

/** The totals of a card for the period of `at` (zero when the stored totals are of an older period). */
export function periodTotals(card: ReloadableCardState, at: Date): { month: number; year: number } {
  const period = periodOf(at);
  return {
    month: card.monthKey === period.month ? card.monthReloadedCents : 0,
    year: card.yearKey === period.year ? card.yearReloadedCents : 0,
  };
}

/**
 * Why this card cannot be reloaded by `amountCents` at `at` (null: it can). `pending` is what
 * planned reloads not yet run already ask for the card in the month and the year of `at` (the
 * caps count them, so two plans cannot together pass a cap); a number counts for both.
 */
export function reloadRefusal(
  card: ReloadableCardState,
  amountCents: number,
  at: Date,
  caps: ReloadCaps,
  pending: number | { month: number; year: number } = 0,
): ReloadErrorCode | null {
  const pendingMonth = typeof pending === 'number' ? pending : pending.month;
  const pendingYear = typeof pending === 'number' ? pending : pending.year;
  switch (card.status) {
    case 'DELETED':
      return 'RELOAD_CARD_DELETED';
    case 'LOCKED':
      return 'RELOAD_CARD_LOCKED';
    case 'FREEZED':
      return 'RELOAD_CARD_FROZEN';
    case 'NOT ACTIVE':
      return 'RELOAD_CARD_NOT_ACTIVE';
    default:
  }
  if (card.expirationDate && card.expirationDate < at.toISOString().slice(0, 10)) return 'RELOAD_CARD_EXPIRED';
  const totals = periodTotals(card, at);
  if (totals.month + pendingMonth + amountCents > caps.monthlyCapCents) return 'RELOAD_MONTHLY_CAP';
  if (totals.year + pendingYear + amountCents > caps.yearlyCapCents) return 'RELOAD_YEARLY_CAP';
  return null;
}

/** Card actions of the list and detail (SPEC §2): lock, unlock, reload, link company, set client ID. */
export const CARD_ACTIONS = ['lock', 'unlock', 'reload', 'linkCompany', 'clientId'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** Why `action` is refused on a card in `status` (null: allowed). */
export function cardActionRefusal(status: ReloadableCardStatus, action: CardAction): 'CARD_STATE_INVALID' | null {
  if (status === 'DELETED') return 'CARD_STATE_INVALID';
  if (action === 'lock') return status === 'ACTIVE' || status === 'NOT ACTIVE' ? null : 'CARD_STATE_INVALID';
  if (action === 'unlock') return status === 'LOCKED' ? null : 'CARD_STATE_INVALID';
  return null;
}

/**
 * The actions a card offers now (what would change something and succeed), for the row menus.
 * `paidHere`: the card belongs to the company looked at, whose wallet would pay the reload (a
 * parent sees its sub-companies' cards, but reloads them from their own wallets, looking at that
 * company). `otherCompanies`: the subtree looked at has a company besides the card's, so linking
 * it to another company can change something (a company without sub-companies has none).
 * `reloadableNow`: `reloadRefusal` lets one cent through now (not expired, below its caps).
 */
export function cardActionsFor(
  status: ReloadableCardStatus,
  { paidHere = true, otherCompanies = true, reloadableNow = true }: { paidHere?: boolean; otherCompanies?: boolean; reloadableNow?: boolean } = {},
): Record<CardAction, boolean> {
  return {
    lock: cardActionRefusal(status, 'lock') === null,
    unlock: cardActionRefusal(status, 'unlock') === null,
    reload: status === 'ACTIVE' && paidHere && reloadableNow,
    linkCompany: status !== 'DELETED' && otherCompanies,
    clientId: status !== 'DELETED',
  };
}

/**
 * A card reloaded by hand goes through the run rules, whose refusal names rows
 * (`rows.1.card` → `errors.codes.RELOAD_CARD_LOCKED`). For one card the answer is the bare reason:
 * 409 with the refusal's code (its text says what is wrong with the card), or 400 on the amount.
 */
export function oneCardRefusal(errors: Readonly<Record<string, string>>): { status: 409; code: string } | { status: 400; code: 'VALIDATION_ERROR'; errors: Record<string, string> } {
  const reasons = Object.values(errors);
  const coded = reasons.find((reason) => reason.startsWith('errors.codes.'));
  if (coded) return { status: 409, code: coded.slice('errors.codes.'.length) };
  return { status: 400, code: 'VALIDATION_ERROR', errors: { amountCents: reasons[0] ?? VALIDATION_MESSAGES.invalid } };
}

// ---------------------------------------------------------------- CSV of reloads

export interface ReloadCsvRow {
  /** 1-based line in the file, header = line 1 */
  row: number;
  cardNumber: string;
  amountCents: number;
}
export interface ReloadRowError {
  /** 1-based line in the file (CSV), or position in the selection (manual) */
  row: number;
  field: 'cardNumber' | 'amount' | 'file' | 'card';
  code: string;
}

/**
 * Reads a reloads CSV: header with `cardNumber` and `amount` (case-insensitive), `;` or `,`
 * separator (`;` when the header has one), quotes allowed. Amounts are read by the one reader
 * (`readAmount`) as the file's convention writes them: with `;` the Italian one ("1.500,50", the
 * Italian template's), with `,` the English one ("1500.50"). Returns the well-formed rows and, for
 * the others, row/field/reason. Whether the cards exist and may take the amount is checked by
 * the caller (server or demo) with `reloadRefusal`.
 */
/** "At most 10,000 rows per file" (the number from the rule) */
export const tooManyRowsMessage = () => messageWith('validation.csvTooManyRows', { max: RELOAD_LIMITS.maxRows });

/**
 * A check's row errors as the answer carries them: the first `maxReportedErrors` (file errors
 * always), how many there are in all, and how many distinct rows they touch (what "leave the bad
 * rows out" counts).
 */
export function reportedErrors(errors: readonly ReloadRowError[]): Pick<ReloadValidation, 'errors' | 'errorCount' | 'badRows'> {
  const fileErrors = errors.filter((error) => error.field === 'file');
  const rowErrors = errors.filter((error) => error.field !== 'file');
  return {
    errors: [...fileErrors, ...rowErrors.slice(0, RELOAD_LIMITS.maxReportedErrors)],
    errorCount: rowErrors.length,
    badRows: new Set(rowErrors.map((error) => error.row)).size,
  };
}

/** A reload names its card by a number of this many digits (or by its id). */
export const RELOAD_CARD_NUMBER_LENGTH = { min: 6, max: 19 } as const;
const RELOAD_CARD_NUMBER = new RegExp(`^\\d{${RELOAD_CARD_NUMBER_LENGTH.min},${RELOAD_CARD_NUMBER_LENGTH.max}}$`);
const cardNumberMessage = messageWith('validation.cardNumber', RELOAD_CARD_NUMBER_LENGTH);

export function parseReloadCsv(text: string): { rows: ReloadCsvRow[]; errors: ReloadRowError[] } {
  // the cap before the file is split: a file of a million short lines is refused, not reported line by line
  if (countDataLines(text, RELOAD_LIMITS.maxRows) > RELOAD_LIMITS.maxRows) return { rows: [], errors: [{ row: 1, field: 'file', code: tooManyRowsMessage() }] };
  const lines = csvLines(text);
  if (lines.length === 0) return { rows: [], errors: [{ row: 1, field: 'file', code: 'validation.csvEmpty' }] };
  const separator = csvSeparatorOf(lines[0]);
  const header = splitCsvLine(lines[0], separator).map((cell) => cell.trim().toLowerCase());
  const cardAt = header.indexOf('cardnumber');
  const amountAt = header.indexOf('amount');
  if (cardAt < 0 || amountAt < 0) return { rows: [], errors: [{ row: 1, field: 'file', code: 'validation.csvHeader' }] };
  const rows: ReloadCsvRow[] = [];
  const errors: ReloadRowError[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const row = i + 1;
    const cells = splitCsvLine(line, separator);
    const cardNumber = (cells[cardAt] ?? '').trim().replace(/\s/g, '');
    const amountText = (cells[amountAt] ?? '').trim();
    let ok = true;
    if (cardNumber === '') {
      errors.push({ row, field: 'cardNumber', code: 'validation.required' });
      ok = false;
    } else if (!RELOAD_CARD_NUMBER.test(cardNumber)) {
      errors.push({ row, field: 'cardNumber', code: cardNumberMessage });
      ok = false;
    }
    const amount = amountText === '' ? null : readAmount(amountText, separator === ';' ? 'it' : 'en');
    const amountCents = amount?.cents ?? null;
    if (amountText === '') {
      errors.push({ row, field: 'amount', code: 'validation.required' });
      ok = false;
    } else if (amountCents === null || amountCents <= 0) {
      errors.push({ row, field: 'amount', code: amount?.problem ? AMOUNT_MESSAGES[amount.problem] : VALIDATION_MESSAGES.amount });
      ok = false;
    } else if (amountCents > RELOAD_LIMITS.maxReloadCents) {
      errors.push({ row, field: 'amount', code: amountMaxMessage(RELOAD_LIMITS.maxReloadCents) });
      ok = false;
    }
    if (ok) rows.push({ row, cardNumber, amountCents: amountCents! });
  }
  if (rows.length + errors.length === 0) errors.push({ row: 1, field: 'file', code: 'validation.csvEmpty' });
  return { rows, errors };
}

/** The template the reloads screen offers (a header and two example rows, in the user's separator). */
export function reloadCsvTemplate(language: ExportLanguage): string {
  const sep = CSV_SEPARATOR[language];
  return `\uFEFFcardNumber${sep}amount\r\n5350000000000001${sep}${csvAmount(2500, language)}\r\n5350000000000002${sep}${csvAmount(1250, language)}\r\n`;
}

// ---------------------------------------------------------------- API records

const iso = z.string();
const isoOrNull = z.string().nullable();

export const walletSchema = z.object({
  /** = companyId: a wallet is its company's (react-admin records need an `id`: the sub-company wallets list links by it) */
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  companyCode: z.string(),
  /** money in the wallet */
  balanceCents: z.number().int(),
  /** set aside for planned (scheduled) reloads not yet run */
  reservedCents: z.number().int(),
  /** balance − reserved: what a new reload or transfer may use */
  availableCents: z.number().int(),
  lastReloadAt: isoOrNull,
  parentCompanyId: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletMovementSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  type: z.enum(WALLET_MOVEMENT_TYPES),
  reason: z.enum(WALLET_MOVEMENT_REASONS),
  /** signed: + into the wallet, − out of it */
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  /** the other wallet of a transfer */
  counterpartCompanyId: z.string().nullable(),
  counterpartCompanyName: z.string().nullable(),
  cardId: z.string().nullable(),
  cardNumber: z.string().nullable(),
  runId: z.string().nullable(),
  /** the run's number (RL-000123), shown on the link to it */
  runNumber: z.string().nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: iso,
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

export const reloadableCardSchema = z.object({
  id: z.string(),
  number: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  clientId: z.string().nullable(),
  userId: z.string().nullable(),
  customerName: z.string().nullable(),
  status: z.enum(RELOADABLE_CARD_STATUSES),
  balanceCents: z.number().int(),
  activationDate: isoOrNull,
  /** YYYY-MM-DD */
  expirationDate: z.string().nullable(),
  lastReloadAt: isoOrNull,
  /** totals of the current calendar month and year (zero when the last reload is older) */
  monthReloadedCents: z.number().int(),
  yearReloadedCents: z.number().int(),
  actions: z.object({ lock: z.boolean(), unlock: z.boolean(), reload: z.boolean(), linkCompany: z.boolean(), clientId: z.boolean() }),
});
export type ReloadableCard = z.infer<typeof reloadableCardSchema>;

export const cardEventSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  type: z.enum(CARD_EVENT_TYPES),
  amountCents: z.number().int().nullable(),
  balanceAfterCents: z.number().int(),
  runId: z.string().nullable(),
  /** e.g. the previous and new client ID or company */
  detail: z.record(z.string(), z.string().nullable()).nullable(),
  userName: z.string().nullable(),
  createdAt: iso,
});
export type CardEvent = z.infer<typeof cardEventSchema>;

export const reloadableUserSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  clientId: z.string().nullable(),
  cardCount: z.number().int(),
  createdAt: iso,
});
export type ReloadableUser = z.infer<typeof reloadableUserSchema>;
export const reloadableUserDetailSchema = reloadableUserSchema.extend({ cards: z.array(reloadableCardSchema) });
export type ReloadableUserDetail = z.infer<typeof reloadableUserDetailSchema>;

/** A reload run: one manual selection, one CSV, or one card reloaded by hand. */
export const reloadRunSchema = z.object({
  id: z.string(),
  number: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  source: z.enum(RELOAD_SOURCES),
  fileName: z.string().nullable(),
  state: z.enum(RELOAD_STATES),
  /** null: run at once */
  scheduledAt: isoOrNull,
  createdAt: iso,
  startedAt: isoOrNull,
  completedAt: isoOrNull,
  rowCount: z.number().int(),
  totalCents: z.number().int(),
  /** rows credited / rows not credited (deleted from the queue, or refused at run time) */
  creditedCount: z.number().int(),
  creditedCents: z.number().int(),
  deletedCount: z.number().int(),
  userName: z.string().nullable(),
});
export type ReloadRun = z.infer<typeof reloadRunSchema>;

/** A planned reload (SPEC §3): one row of a run. */
export const plannedReloadSchema = z.object({
  id: z.string(),
  runId: z.string(),
  runNumber: z.string(),
  /** line in the file or position in the selection */
  position: z.number().int(),
  companyId: z.string(),
  companyName: z.string(),
  cardId: z.string(),
  cardNumber: z.string(),
  customer: z.string().nullable(),
  amountCents: z.number().int(),
  insertedAt: iso,
  scheduledAt: isoOrNull,
  /** the card's balance when the row was planned */
  initialAmountCents: z.number().int(),
  /** the card's balance after the credit (COMPLETED), else its balance now */
  currentAmountCents: z.number().int(),
  state: z.enum(RELOAD_STATES),
  /** why a row was not credited (DELETED): a queue deletion (null) or a refusal code at run time */
  reason: z.string().nullable(),
  creditedAt: isoOrNull,
});
export type PlannedReload = z.infer<typeof plannedReloadSchema>;

export const reloadRunDetailSchema = reloadRunSchema.extend({
  /** the run's rows are `GET reloads/{id}/rows` (paged) */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type ReloadRunDetail = z.infer<typeof reloadRunDetailSchema>;

/** Per-company notification settings (SPEC "Notifications settings"). */
export const notificationSettingsSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  /** e-mail addresses; empty: the company referent */
  recipients: z.array(z.string()),
  lowBalanceEnabled: z.boolean(),
  lowBalanceThresholdCents: z.number().int().min(0),
  runCompletedEnabled: z.boolean(),
  runFailedEnabled: z.boolean(),
  monthlyStatementEnabled: z.boolean(),
  updatedAt: isoOrNull,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

// ---------------------------------------------------------------- request bodies

const requiredOr = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? VALIDATION_MESSAGES.required : key) });
const uuid = z.uuid(VALIDATION_MESSAGES.invalid);
export const walletAmountSchema = z.number(requiredOr(VALIDATION_MESSAGES.amount)).int(VALIDATION_MESSAGES.amount).positive(VALIDATION_MESSAGES.amount).max(RELOAD_LIMITS.maxWalletMoveCents, amountMaxMessage(RELOAD_LIMITS.maxWalletMoveCents));
export const reloadAmountSchema = z.number(requiredOr(VALIDATION_MESSAGES.amount)).int(VALIDATION_MESSAGES.amount).positive(VALIDATION_MESSAGES.amount).max(RELOAD_LIMITS.maxReloadCents, amountMaxMessage(RELOAD_LIMITS.maxReloadCents));
/** A note on a funding or a transfer. */
export const WALLET_NOTE_MAX = 200;
export const walletNoteSchema = textField({ max: WALLET_NOTE_MAX, min: 0 });

/** POST wallet/fund (provider staff). */
export const fundWalletBodySchema = z.object({ amountCents: walletAmountSchema, note: walletNoteSchema.optional() }).strict();
export type FundWalletBody = z.infer<typeof fundWalletBodySchema>;
/** POST wallet/sub-companies/{subCompanyId}/transfer: `direction` TO_SUB (default) or FROM_SUB (back to the parent). */
export const transferBodySchema = z
  .object({ amountCents: walletAmountSchema, direction: z.enum(['TO_SUB', 'FROM_SUB']).default('TO_SUB'), note: walletNoteSchema.optional() })
  .strict();
export type TransferBody = z.input<typeof transferBodySchema>;

export const cardReloadBodySchema = z.object({ amountCents: reloadAmountSchema }).strict();
export const linkCompanyBodySchema = z.object({ companyId: uuid }).strict();
export const clientIdBodySchema = z.object({ clientId: textField({ max: RELOAD_LIMITS.clientIdMax }) }).strict();

export const CARD_BULK_ACTIONS = ['lock', 'unlock', 'reload', 'linkCompany'] as const;
export type CardBulkAction = (typeof CARD_BULK_ACTIONS)[number];
export const cardBulkBodySchema = z
  .object({
    action: z.enum(CARD_BULK_ACTIONS, requiredOr(VALIDATION_MESSAGES.invalid)),
    ids: z.array(uuid).min(1, VALIDATION_MESSAGES.required).max(RELOAD_LIMITS.maxBulkCards, maxCardsMessage(RELOAD_LIMITS.maxBulkCards)),
    params: z.object({ amountCents: reloadAmountSchema.optional(), companyId: uuid.optional() }).strict().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.action === 'reload' && value.params?.amountCents === undefined) ctx.addIssue({ code: 'custom', path: ['params', 'amountCents'], message: VALIDATION_MESSAGES.required });
    if (value.action === 'linkCompany' && !value.params?.companyId) ctx.addIssue({ code: 'custom', path: ['params', 'companyId'], message: VALIDATION_MESSAGES.required });
  });
export type CardBulkBody = z.infer<typeof cardBulkBodySchema>;
/** The operation summary (the gift-card list's shape). */
export interface CardBulkResult {
  action: CardBulkAction;
  total: number;
  succeeded: number;
  failed: { id: string; code: string; error: string }[];
}

/** A run's rows: by card id (manual selection) or by card number (CSV); amounts in cents. */
export const reloadRowInputSchema = z
  .object({ cardId: uuid.optional(), cardNumber: z.string().trim().regex(RELOAD_CARD_NUMBER, cardNumberMessage).optional(), amountCents: reloadAmountSchema, row: z.number().int().positive().optional() })
  .strict()
  .refine((value) => Boolean(value.cardId) !== Boolean(value.cardNumber), { message: VALIDATION_MESSAGES.required, path: ['cardId'] });

/** POST reloads (Idempotency-Key): all-or-nothing against the plafond; `scheduledAt` in the future or absent (run now). */
export const createReloadsBodySchema = z
  .object({
    source: z.enum(['MANUAL', 'CSV']),
    fileName: optionalTextField({ max: 200 }),
    scheduledAt: z.iso.datetime({ offset: true, error: VALIDATION_MESSAGES.invalid }).optional(),
    rows: z.array(reloadRowInputSchema).min(1, VALIDATION_MESSAGES.required).max(RELOAD_LIMITS.maxRows, tooManyRowsMessage()),
  })
  .strict();
export type CreateReloadsBody = z.infer<typeof createReloadsBodySchema>;

/** POST reloads/validate: the same rows, checked without running anything. A CSV goes as a SPEC §3 file object. */
export const validateReloadsBodySchema = z.union([
  z.object({ rows: z.array(reloadRowInputSchema).min(1, VALIDATION_MESSAGES.required).max(RELOAD_LIMITS.maxRows, tooManyRowsMessage()), scheduledAt: z.iso.datetime({ offset: true }).optional() }).strict(),
  z.object({ file: z.object({ type: z.string(), name: z.string().max(200, maxLengthMessage(200)), content: z.string() }).strict(), scheduledAt: z.iso.datetime({ offset: true }).optional() }).strict(),
]);
export type ValidateReloadsBody = z.infer<typeof validateReloadsBodySchema>;

/** The validation report: the rows that may run (with the card they resolved to) and the bad ones. */
export interface ReloadValidation {
  rows: { row: number; cardId: string; cardNumber: string; customer: string | null; amountCents: number }[];
  /** the first RELOAD_LIMITS.maxReportedErrors row errors (and any file error) */
  errors: ReloadRowError[];
  /** row errors in all */
  errorCount: number;
  /** distinct rows with an error, in all */
  badRows: number;
  count: number;
  totalCents: number;
  availableCents: number;
  /** how much the wallet lacks for the valid rows (0: it covers them) */
  shortfallCents: number;
}

export const notificationSettingsBodySchema = z
  .object({
    recipients: z.array(z.email(VALIDATION_MESSAGES.invalid)).max(RELOAD_LIMITS.maxRecipients, maxRecipientsMessage(RELOAD_LIMITS.maxRecipients)),
    lowBalanceEnabled: z.boolean(),
    lowBalanceThresholdCents: z.number().int(VALIDATION_MESSAGES.amount).min(0, VALIDATION_MESSAGES.amount).max(RELOAD_LIMITS.maxWalletMoveCents, amountMaxMessage(RELOAD_LIMITS.maxWalletMoveCents)),
    runCompletedEnabled: z.boolean(),
    runFailedEnabled: z.boolean(),
    monthlyStatementEnabled: z.boolean(),
  })
  .strict()
  // the alert fires below the threshold and the available plafond is never below zero: an alert at 0 would never fire
  .refine((body) => !body.lowBalanceEnabled || body.lowBalanceThresholdCents > 0, { path: ['lowBalanceThresholdCents'], message: VALIDATION_MESSAGES.amount });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

// ---------------------------------------------------------------- list filters

const dateish = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: VALIDATION_MESSAGES.invalid });
/** A movement's size in a filter: cents, whatever its sign (a debit of 50.00 € is "from 40 to 60"). */
const movementAmount = z.number({ error: VALIDATION_MESSAGES.invalid }).int(VALIDATION_MESSAGES.invalid).min(0, VALIDATION_MESSAGES.invalid).max(MAX_SAFE_CENTS, amountMaxMessage(MAX_SAFE_CENTS));
export const walletMovementFilterSchema = z
  .object({
    type: z.enum(WALLET_MOVEMENT_TYPES).optional(),
    reason: z.enum(WALLET_MOVEMENT_REASONS).optional(),
    dateFrom: dateish.optional(),
    dateTo: dateish.optional(),
    amountFrom: movementAmount.optional(),
    amountTo: movementAmount.optional(),
  })
  .strict()
  .superRefine(refineDateRanges(['dateFrom', 'dateTo']))
  .superRefine(refineNumberRanges(['amountFrom', 'amountTo']));
export type WalletMovementFilter = z.infer<typeof walletMovementFilterSchema>;

// ---------------------------------------------------------------- searches

/** A card number is searched by its first digits: at least this many (fewer would match most cards). */
export const CARD_NUMBER_SEARCH_MIN_DIGITS = 4;
/** A client ID or a customer name is searched from this many characters on. */
export const CARD_TEXT_SEARCH_MIN_CHARS = 2;
/** The message keys of a search too short to run. */
export const CARD_SEARCH_MESSAGES = {
  digits: messageWith('validation.cardSearchDigits', { min: CARD_NUMBER_SEARCH_MIN_DIGITS }),
  chars: messageWith('validation.searchMinChars', { min: CARD_TEXT_SEARCH_MIN_CHARS }),
} as const;

/**
 * Why a cards search cannot run (null: it can), the one rule of the API, the demo and the screens
 * (the cards list's search, the reload screen's card picker): digits only (spaces ignored) are the
 * first digits of a card number, at least CARD_NUMBER_SEARCH_MIN_DIGITS of them; anything else (a
 * client ID, a customer's name) at least CARD_TEXT_SEARCH_MIN_CHARS characters. A message key.
 */
export function cardSearchRefusal(q: string): string | null {
  const text = q.trim();
  const digits = text.replace(/\s/g, '');
  if (/^\d+$/.test(digits)) return digits.length < CARD_NUMBER_SEARCH_MIN_DIGITS ? CARD_SEARCH_MESSAGES.digits : null;
  return text.length < CARD_TEXT_SEARCH_MIN_CHARS ? CARD_SEARCH_MESSAGES.chars : null;
}

export const reloadableCardFilterSchema = z
  .object({
    /** card number prefix (≥ 4 digits), client ID or customer name (≥ 2 characters): `cardSearchRefusal` */
    q: textField({ max: 80 })
      .superRefine((q, ctx) => {
        const refusal = cardSearchRefusal(q);
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
      })
      .optional(),
    status: z.enum(RELOADABLE_CARD_STATUSES).optional(),
    clientId: textField({ max: RELOAD_LIMITS.clientIdMax }).optional(),
    userId: uuid.optional(),
    /** cards of one company of the subtree (default: the whole subtree) */
    companyId: uuid.optional(),
  })
  .strict();
export type ReloadableCardFilter = z.infer<typeof reloadableCardFilterSchema>;

export const reloadableUserFilterSchema = z.object({ q: textField({ max: 80 }).optional() }).strict();

export const plannedReloadFilterSchema = z
  .object({ state: z.enum(RELOAD_STATES).optional(), runId: uuid.optional(), cardNumber: z.string().trim().max(19, maxDigitsMessage(19)).regex(new RegExp(`^\\d{${CARD_NUMBER_SEARCH_MIN_DIGITS},}$`), CARD_SEARCH_MESSAGES.digits).optional(), scheduledFrom: dateish.optional(), scheduledTo: dateish.optional() })
  .strict()
  .superRefine(refineDateRanges(['scheduledFrom', 'scheduledTo']));
export type PlannedReloadFilter = z.infer<typeof plannedReloadFilterSchema>;

export const reloadRunFilterSchema = z
  .object({ state: z.enum(RELOAD_STATES).optional(), source: z.enum(RELOAD_SOURCES).optional(), scheduled: z.boolean().optional(), dateFrom: dateish.optional(), dateTo: dateish.optional() })
  .strict()
  .superRefine(refineDateRanges(['dateFrom', 'dateTo']));
export type ReloadRunFilter = z.infer<typeof reloadRunFilterSchema>;
