import { z } from 'zod';
import { accessRule } from './access';
import type { ApiErrorCode } from './errors';
import type { ChoiceTone, FieldChoice } from './fields';
import { csvLines, csvSeparatorOf, splitCsvLine, countDataLines } from './csvRead';
import { csvAmount } from './format';
import { CSV_SEPARATOR } from './csv';
import { type ExportLanguage } from './giftcards';
import { amountMaxMessage, VALIDATION_MESSAGES } from './messages';
import { AMOUNT_MESSAGES, readAmount } from './money';

/**
 * Square voucher codes (SPEC §3, §4; issue 19): orders made from a CSV of recipients, one code
 * per recipient, e-mailed as a communication each. The states, the transition table, the CSV
 * rules and the delivery rules live here; the server enforces them, the screens read them.
 */

// ---------------------------------------------------------------- orders

/**
 * SPEC §4's order states, in the order an order lives them:
 * - PENDING: the uploaded file is being read into the order (a job);
 * - DRAFT: created, waiting to be confirmed (or deleted);
 * - WAITING_FOR_APPROVAL: confirmed at or above the approval threshold; provider staff approve it;
 * - APPROVING: approved (or confirmed below the threshold): its codes are being minted (a job);
 * - NOT_ACTIVE: its codes exist, not active yet; waiting for activation;
 * - ACTIVATING: its codes are being activated and their e-mails queued (a job);
 * - ACTIVE; CANCELLING (its codes being deleted, a job); CANCELLED.
 */
export const SQUARE_ORDER_STATES = ['PENDING', 'DRAFT', 'WAITING_FOR_APPROVAL', 'APPROVING', 'NOT_ACTIVE', 'ACTIVATING', 'ACTIVE', 'CANCELLING', 'CANCELLED'] as const;
export type SquareOrderState = (typeof SQUARE_ORDER_STATES)[number];

export const SQUARE_ORDER_TONES: Record<SquareOrderState, ChoiceTone> = {
  PENDING: 'yellow',
  DRAFT: 'transparent',
  WAITING_FOR_APPROVAL: 'yellow',
  APPROVING: 'yellow',
  NOT_ACTIVE: 'transparent',
  ACTIVATING: 'yellow',
  ACTIVE: 'green',
  CANCELLING: 'yellow',
  CANCELLED: 'red',
};
export const squareOrderStateKey = (state: SquareOrderState) => `square.orderStatus.${state}`;
export const SQUARE_ORDER_STATE_CHOICES: readonly FieldChoice[] = SQUARE_ORDER_STATES.map((id) => ({ id, name: squareOrderStateKey(id), tone: SQUARE_ORDER_TONES[id] }));

/** The states a job is working in: the order page shows its progress and polls. */
export const SQUARE_ORDER_BUSY_STATES: readonly SquareOrderState[] = ['PENDING', 'APPROVING', 'ACTIVATING', 'CANCELLING'];

/** What a user may ask of an order (routes square/orders/{id}/<action>; delete is DELETE). */
export const SQUARE_ORDER_ACTIONS = ['confirm', 'approve', 'activate', 'delete', 'cancel'] as const;
export type SquareOrderAction = (typeof SQUARE_ORDER_ACTIONS)[number];

/**
 * State × action → the state the order moves to ('REMOVED': the draft and its rows are gone).
 * An action missing from a state's row is refused with SQUARE_ORDER_STATE_INVALID. Further
 * conditions (`squareOrderActionRefusal`): approve is provider staff's; confirm goes straight to
 * APPROVING below the approval threshold (`squareConfirmTarget`); cancel is refused when a code
 * was spent (SQUARE_CODES_SPENT, checked by the service under lock).
 */
export const SQUARE_ORDER_TRANSITIONS: Record<SquareOrderState, Partial<Record<SquareOrderAction, SquareOrderState | 'REMOVED'>>> = {
  PENDING: {},
  DRAFT: { confirm: 'WAITING_FOR_APPROVAL', delete: 'REMOVED' },
  WAITING_FOR_APPROVAL: { approve: 'APPROVING', cancel: 'CANCELLED' },
  APPROVING: {},
  NOT_ACTIVE: { activate: 'ACTIVATING', cancel: 'CANCELLING' },
  ACTIVATING: {},
  ACTIVE: { cancel: 'CANCELLING' },
  CANCELLING: {},
  CANCELLED: {},
};

/** The jobs' own moves (the job handlers follow them; a restarted job finishes the same move). */
export const SQUARE_ORDER_JOB_TRANSITIONS = {
  created: { from: ['PENDING'], to: 'DRAFT' },
  minted: { from: ['APPROVING'], to: 'NOT_ACTIVE' },
  activated: { from: ['ACTIVATING'], to: 'ACTIVE' },
  cancelled: { from: ['CANCELLING'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly SquareOrderState[]; to: SquareOrderState }>;

export interface SquareOrderFacts {
  state: SquareOrderState;
  totalAmountCents: number;
}
export interface SquareViewer {
  /** provider staff (the root company's users) */
  isProvider: boolean;
}

/** Confirming a draft: approval is skipped below the threshold (a setting, `SQUARE_APPROVAL_THRESHOLD_CENTS`). */
export const squareApprovalRequired = (totalAmountCents: number, thresholdCents: number) => totalAmountCents >= thresholdCents;
export const squareConfirmTarget = (totalAmountCents: number, thresholdCents: number): SquareOrderState =>
  squareApprovalRequired(totalAmountCents, thresholdCents) ? 'WAITING_FOR_APPROVAL' : 'APPROVING';

/** Why `action` is refused on the order (an API error code), or null when it is allowed. */
export function squareOrderActionRefusal(action: SquareOrderAction, order: SquareOrderFacts, viewer: SquareViewer): ApiErrorCode | null {
  if (accessRule('square/orders', action)?.staff === true && !viewer.isProvider) return 'FORBIDDEN';
  return SQUARE_ORDER_TRANSITIONS[order.state][action] === undefined ? 'SQUARE_ORDER_STATE_INVALID' : null;
}

/** The actions the order allows the viewer (the buttons the order page shows). */
export function squareOrderActionsFor(order: SquareOrderFacts, viewer: SquareViewer): SquareOrderAction[] {
  return SQUARE_ORDER_ACTIONS.filter((action) => squareOrderActionRefusal(action, order, viewer) === null);
}

/** The state `action` leads to (after `squareOrderActionRefusal` said yes). */
export function squareOrderTarget(action: SquareOrderAction, order: SquareOrderFacts, thresholdCents: number): SquareOrderState | 'REMOVED' {
  if (action === 'confirm') return squareConfirmTarget(order.totalAmountCents, thresholdCents);
  return SQUARE_ORDER_TRANSITIONS[order.state][action]!;
}

/** HTTP status of a refusal. */
export const squareRefusalStatus = (code: ApiErrorCode): number => (code === 'FORBIDDEN' ? 403 : code === 'NOT_FOUND' ? 404 : 409);

// ---------------------------------------------------------------- codes

/**
 * SPEC §4's code states. NOT_ACTIVE: minted, not usable yet; SOLD: activated, e-mailed to its
 * recipient; ASSOCIATED: the recipient attached it to an account or wallet (integration API);
 * SPENT: its value used up; EXPIRED: past its expire date unspent; DELETED: its order cancelled;
 * LOCKED: blocked by staff until unlocked.
 */
export const SQUARE_CODE_STATES = ['NOT_ACTIVE', 'SOLD', 'ASSOCIATED', 'SPENT', 'EXPIRED', 'DELETED', 'LOCKED'] as const;
export type SquareCodeState = (typeof SQUARE_CODE_STATES)[number];
export const SQUARE_CODE_TONES: Record<SquareCodeState, ChoiceTone> = {
  NOT_ACTIVE: 'transparent',
  SOLD: 'green',
  ASSOCIATED: 'green',
  SPENT: 'grey',
  EXPIRED: 'red',
  DELETED: 'red',
  LOCKED: 'red',
};
export const squareCodeStateKey = (state: SquareCodeState) => `square.codeStatus.${state}`;
export const SQUARE_CODE_STATE_CHOICES: readonly FieldChoice[] = SQUARE_CODE_STATES.map((id) => ({ id, name: squareCodeStateKey(id), tone: SQUARE_CODE_TONES[id] }));

/** The states in which a recipient holds a live code (the duplicate warning of a new order). */
export const SQUARE_LIVE_CODE_STATES: readonly SquareCodeState[] = ['SOLD', 'ASSOCIATED'];

/**
 * Every state change of a code is an append-only activity row: the states it went from and to,
 * the amount of value it changed (signed cents: minted +amount, spent −amount, deleted −value).
 */
export const SQUARE_CODE_ACTIVITIES = ['MINTED', 'ACTIVATED', 'ASSOCIATED', 'SPENT', 'EXPIRED', 'DELETED', 'LOCKED', 'UNLOCKED'] as const;
export type SquareCodeActivity = (typeof SQUARE_CODE_ACTIVITIES)[number];

/**
 * The order types ("typology" of SPEC §3): what the vouchers are for. A recipient with a live code
 * of the same type from an earlier order is a warning on upload.
 */
export const SQUARE_TYPOLOGIES = ['GIFT', 'WELFARE', 'FUEL', 'SHOPPING'] as const;
export type SquareTypology = (typeof SQUARE_TYPOLOGIES)[number];
export const squareTypologyKey = (typology: SquareTypology) => `square.typology.${typology}`;
export const SQUARE_TYPOLOGY_CHOICES: readonly FieldChoice[] = SQUARE_TYPOLOGIES.map((id) => ({ id, name: squareTypologyKey(id) }));

/** A code's expire date: its activation plus the order's months of validity (same day of month, clamped). */
export function squareCodeExpiry(activatedAt: Date, validMonths: number): Date {
  const at = new Date(activatedAt);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + validMonths);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}

// ---------------------------------------------------------------- communications

/**
 * Each code's e-mail is a communication: QUEUED, SENDING (a runner holds it), RETRY_WAITING (the
 * mail server refused for now, or could not be reached: `nextAttemptAt`), SENT, FAILED (refused
 * for good, or out of tries: `lastSmtpAnswer` says why).
 */
export const SQUARE_COMMUNICATION_STATES = ['QUEUED', 'SENDING', 'RETRY_WAITING', 'SENT', 'FAILED'] as const;
export type SquareCommunicationState = (typeof SQUARE_COMMUNICATION_STATES)[number];
export const SQUARE_COMMUNICATION_TONES: Record<SquareCommunicationState, ChoiceTone> = {
  QUEUED: 'transparent',
  SENDING: 'yellow',
  RETRY_WAITING: 'yellow',
  SENT: 'green',
  FAILED: 'red',
};
export const squareCommunicationStateKey = (state: SquareCommunicationState) => `square.communicationStatus.${state}`;
export const SQUARE_COMMUNICATION_STATE_CHOICES: readonly FieldChoice[] = SQUARE_COMMUNICATION_STATES.map((id) => ({ id, name: squareCommunicationStateKey(id), tone: SQUARE_COMMUNICATION_TONES[id] }));

/** Resend makes a new attempt (retry number + 1) of a communication that is done: sent or failed. */
export const SQUARE_RESENDABLE_STATES: readonly SquareCommunicationState[] = ['SENT', 'FAILED'];

/** Waits between tries of one attempt after a temporary refusal; past the last, the attempt fails. */
export const SQUARE_RETRY_DELAYS_SECONDS = [60, 300, 900, 3600, 14_400] as const;

/**
 * What an SMTP outcome means for a try: a 2xx answer delivered it; a 5xx refused it for good
 * (a mailbox that does not exist, a policy refusal); a 4xx (mailbox busy, greylisting) or no
 * answer at all (the server unreachable, a timeout) may pass later.
 */
export function smtpOutcome(responseCode: number | undefined): 'permanent' | 'temporary' {
  return responseCode !== undefined && responseCode >= 500 && responseCode < 600 ? 'permanent' : 'temporary';
}

/** After try `tryNumber` (1-based) of an attempt failed for now: when to try again, or null (the attempt fails). */
export function squareRetryDelaySeconds(tryNumber: number): number | null {
  return SQUARE_RETRY_DELAYS_SECONDS[tryNumber - 1] ?? null;
}

// ---------------------------------------------------------------- the recipients CSV

export const SQUARE_LIMITS = {
  /** SPEC §5: CSV only, 5 MB */
  maxCsvBytes: 5 * 1024 * 1024,
  maxRows: 10_000,
  /** one code's amount */
  maxAmountCents: 100_000,
  maxNameLength: 40,
  maxEmailLength: 254,
  validMonthsMin: 1,
  validMonthsMax: 36,
  validMonthsDefault: 12,
} as const;

/** Template columns (header row, any case; `;` or `,` separated; amount in euros, "12,50" or "12.50"). */
export const SQUARE_CSV_COLUMNS = ['email', 'firstName', 'lastName', 'amount'] as const;
export type SquareCsvColumn = (typeof SQUARE_CSV_COLUMNS)[number];

export interface SquareRecipient {
  /** 1-based line in the file, header = line 1 */
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  amountCents: number;
}

/**
 * A problem of one line: `column` and the i18n key of the reason (`params` for its text). An
 * error keeps the line out of the order; a warning (`severity: 'warning'`) is the operator's to
 * accept. `cells` are the line's cells as read, so the screen can offer the rejected lines back
 * as a CSV to fix.
 */
export interface SquareLineProblem {
  line: number;
  column: SquareCsvColumn | 'file';
  code: string;
  severity: 'error' | 'warning';
  params?: Record<string, string | number>;
}

export interface SquareCsvReading {
  recipients: SquareRecipient[];
  problems: SquareLineProblem[];
  /** each line's cells as read, by line number (the lines with a problem only) */
  cells: Record<number, string[]>;
  /** the header's cells as read (trimmed), for the rejected lines' CSV */
  header: string[];
}

// one e-mail rule for the file and the forms (zod's, as every e-mail field uses)
const emailRule = z.email();
const NAME = /^[\p{L}\p{M}' .-]+$/u;

/**
 * Reads a recipients CSV: header with `email`, `firstName`, `lastName`, `amount` (case-insensitive,
 * `first_name` and `last_name` too), `;` or `,` separated, quotes allowed. Amounts are read as
 * the file's convention writes them (with `;` the Italian "1.500,50", with `,` the English
 * "1500.50"), by the one reader (`readAmount`). Every bad line is reported with its column and
 * reason; the same e-mail with the same amount twice is an error on the later line. Whether a
 * recipient already holds a live code of the order's type is the server's (a warning it adds).
 */
export function readSquareCsv(text: string): SquareCsvReading {
  // past the cap the file is not split at all (a million short lines would be a million strings): its first line is enough to answer
  const tooMany = countDataLines(text, SQUARE_LIMITS.maxRows) > SQUARE_LIMITS.maxRows;
  const lines = tooMany ? csvLines(text.slice(0, Math.max(0, text.search(/\r\n|\n|\r/)))) : csvLines(text);
  const separator = csvSeparatorOf(lines[0] ?? '');
  const headerCells = lines.length === 0 ? [] : splitCsvLine(lines[0], separator).map((cell) => cell.trim());
  const fileProblem = (code: string, params?: SquareLineProblem['params']): SquareCsvReading => ({ recipients: [], problems: [{ line: 1, column: 'file', code, severity: 'error', ...(params ? { params } : {}) }], cells: {}, header: headerCells });
  if (lines.length === 0) return fileProblem('validation.csvEmpty');
  const header = headerCells.map((cell) => cell.toLowerCase().replace(/[_\s]/g, ''));
  const at = Object.fromEntries(SQUARE_CSV_COLUMNS.map((column) => [column, header.indexOf(column.toLowerCase())])) as Record<SquareCsvColumn, number>;
  const missing = SQUARE_CSV_COLUMNS.filter((column) => at[column] < 0);
  if (missing.length > 0) return fileProblem('validation.squareCsvHeader', { columns: missing.join(', ') });
  if (tooMany || lines.length - 1 > SQUARE_LIMITS.maxRows) return fileProblem('validation.csvTooManyRows', { max: SQUARE_LIMITS.maxRows });
  const language = separator === ';' ? 'it' : 'en';
  const recipients: SquareRecipient[] = [];
  const problems: SquareLineProblem[] = [];
  const cells: Record<number, string[]> = {};
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i += 1) {
    if (lines[i].trim() === '') continue;
    const line = i + 1;
    const row = splitCsvLine(lines[i], separator);
    const cell = (column: SquareCsvColumn) => (row[at[column]] ?? '').trim();
    const before = problems.length;
    const problem = (column: SquareCsvColumn, code: string, params?: SquareLineProblem['params']) => problems.push({ line, column, code, severity: 'error', ...(params ? { params } : {}) });

    const email = cell('email').toLowerCase();
    if (email === '') problem('email', VALIDATION_MESSAGES.required);
    else if (email.length > SQUARE_LIMITS.maxEmailLength || !emailRule.safeParse(email).success) problem('email', 'validation.email');
    for (const column of ['firstName', 'lastName'] as const) {
      const name = cell(column);
      if (name === '') {
        if (column === 'firstName') problem(column, VALIDATION_MESSAGES.required);
      } else if (name.length > SQUARE_LIMITS.maxNameLength || !NAME.test(name)) problem(column, 'validation.squareName', { max: SQUARE_LIMITS.maxNameLength });
    }
    const amountText = cell('amount');
    const amount = amountText === '' ? null : readAmount(amountText, language);
    if (amountText === '') problem('amount', VALIDATION_MESSAGES.required);
    else if (amount?.cents === undefined) problem('amount', amount?.problem ? AMOUNT_MESSAGES[amount.problem] : VALIDATION_MESSAGES.amount);
    else if (amount.cents <= 0) problem('amount', VALIDATION_MESSAGES.amount);
    else if (amount.cents > SQUARE_LIMITS.maxAmountCents) problem('amount', amountMaxMessage(SQUARE_LIMITS.maxAmountCents));

    if (problems.length === before) {
      const key = `${email}\u0000${amount!.cents}`;
      const first = seen.get(key);
      if (first !== undefined) problem('email', 'validation.squareDuplicate', { line: first });
      else seen.set(key, line);
    }
    if (problems.length === before) recipients.push({ line, email, firstName: cell('firstName'), lastName: cell('lastName'), amountCents: amount!.cents! });
    else cells[line] = row;
  }
  if (recipients.length + problems.length === 0) return fileProblem('validation.csvEmpty');
  return { recipients, problems, cells, header: headerCells };
}

/** The template the create screen offers (a header and two example lines, in the user's separator). */
export function squareCsvTemplate(language: ExportLanguage): string {
  const sep = CSV_SEPARATOR[language];
  const line = (cells: string[]) => cells.join(sep);
  return `\uFEFF${[line([...SQUARE_CSV_COLUMNS]), line(['mario.rossi@example.com', 'Mario', 'Rossi', csvAmount(5000, language)]), line(['anna.bianchi@example.com', 'Anna', 'Bianchi', csvAmount(2500, language)])].join('\r\n')}\r\n`;
}
