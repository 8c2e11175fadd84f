import type { z } from 'zod';

/**
 * Stable error codes. The API answers `application/problem+json` with `error.message` set to one
 * of these; the identity provider answers `{"error":{"code":400,"message":CODE}}`. The SPA maps
 * each code to `errors.codes.<CODE>` in both languages (SPEC §8).
 */
export const IDENTITY_ERROR_CODES = [
  'INVALID_PASSWORD',
  'INVALID_LOGIN_CREDENTIALS',
  'EMAIL_NOT_FOUND',
  'USER_DISABLED',
  'TOO_MANY_ATTEMPTS_TRY_LATER',
  'INVALID_EMAIL',
  'MISSING_PASSWORD',
  'MISSING_EMAIL',
  'OPERATION_NOT_ALLOWED',
  'WEAK_PASSWORD',
  'CAPTCHA_CHECK_FAILED',
  'QUOTA_EXCEEDED',
  'SECOND_FACTOR_REQUIRED',
  'EMAIL_EXISTS',
  'CREDENTIAL_ALREADY_IN_USE',
  'CREDENTIAL_TOO_OLD_LOGIN_AGAIN',
  'INVALID_ID_TOKEN',
  'TOKEN_EXPIRED',
  'EXPIRED_OOB_CODE',
  'INVALID_OOB_CODE',
  'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL',
  'INVALID_PHONE_NUMBER',
  'MISSING_PHONE_NUMBER',
  'INVALID_VERIFICATION_CODE',
] as const;

/** The reloadable programme's refusals (domain/reloadables.ts, server/modules/reloadables/README.md). */
export const RELOAD_ERROR_CODES = [
  'WALLET_INSUFFICIENT',
  'RELOAD_CARD_NOT_ACTIVE',
  'RELOAD_CARD_LOCKED',
  'RELOAD_CARD_FROZEN',
  'RELOAD_CARD_DELETED',
  'RELOAD_CARD_EXPIRED',
  'RELOAD_MONTHLY_CAP',
  'RELOAD_YEARLY_CAP',
  'RELOAD_CARD_UNKNOWN',
  'RELOAD_CARD_DUPLICATE',
  'RELOAD_SCHEDULE_PAST',
  'RELOAD_ROWS_INVALID',
  'RELOAD_NOT_PENDING',
  'CARD_STATE_INVALID',
  'NOT_A_SUB_COMPANY',
  'CLIENT_ID_TAKEN',
] as const;

export const API_ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INVALID_REFRESH_TOKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  /** a kept file (an archive, an attachment, a report) the storage no longer has: 404 */
  'FILE_NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  /** every slot for streamed downloads is taken (server/plugins/exports.ts): 429 with Retry-After */
  'EXPORTS_BUSY',
  /** the database cannot be reached or did not answer in time (a restart, a failover, a full pool): 503 with Retry-After */
  'DATABASE_UNAVAILABLE',
  /** a row the request must change is held by another operation past DB_LOCK_TIMEOUT_SECONDS: 409 with Retry-After */
  'RECORD_BUSY',
  /** too many e-mails to one address in the window (server/lib/work-limits.ts): 429 with Retry-After */
  'RECIPIENT_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ERROR',
  'WRONG_PASSWORD',
  'PASSWORD_REUSED',
  // companies, operators, stores (issue 3)
  'COMPANY_IN_USE',
  'STORE_IN_USE',
  'DUPLICATE_CODE',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_UNREADABLE',
  // gift-card ledger (domain/giftcards.ts, server/modules/giftcards/README.md)
  'CARD_NOT_ACTIVE',
  'CARD_DISABLED',
  'CARD_LOCKED',
  'CARD_EXPIRED',
  'CARD_VOIDED',
  'INSUFFICIENT_BALANCE',
  'AMOUNT_TOO_LARGE',
  'RETURN_EXCEEDS_CONSUME',
  'ALREADY_CANCELLED',
  'NOT_CANCELLABLE',
  'NOT_FROZEN',
  'ALREADY_USED',
  'INVALID_TRANSITION',
  'IDEMPOTENCY_KEY_REUSED',
  // gift-card orders (domain/orders.ts, server/modules/orders/README.md)
  'ORDER_STATE_INVALID',
  'ORDER_ALREADY_ACTIVATED',
  'ORDER_ACTION_NOT_ALLOWED',
  'ORDER_CARDS_USED',
  'ORDER_EMPTY',
  'ORDER_INCOMPLETE',
  'ORDER_RANGE_UNAVAILABLE',
  // catalog and batches (domain/catalog.ts, server/modules/catalog/README.md)
  'BATCH_STATE_INVALID',
  'TYPOLOGY_IN_USE',
  'ARCHIVE_NOT_READY',
  ...RELOAD_ERROR_CODES,
  // square vouchers (domain/square.ts, server/modules/square/README.md)
  'SQUARE_ORDER_STATE_INVALID',
  'SQUARE_ROWS_INVALID',
  'SQUARE_WARNINGS_NOT_ACCEPTED',
  'SQUARE_CODES_SPENT',
  'SQUARE_CODE_STATE_INVALID',
  'SQUARE_COMMUNICATION_BUSY',
  // the e-mails screen (domain/emails.ts): a resend of one still being delivered, or of one carrying a one-time link
  'EMAIL_BUSY',
  'EMAIL_ONE_TIME_LINK',
  // tickets (domain/tickets.ts, server/modules/tickets/README.md)
  'TICKET_STATE_INVALID',
  'TICKET_CLOSED',
  'TICKET_CATEGORY_INACTIVE',
  'TICKET_CATEGORY_CHANGE_REFUSED',
  'PROVIDER_STAFF_ONLY',
  // users (domain/users.ts, server/modules/users/README.md)
  'PERMISSION_NOT_GRANTABLE',
  'USER_OUT_OF_SCOPE',
  'ROLE_NOT_GRANTABLE',
  'OWN_PERMISSIONS',
  'LAST_USER_MANAGER',
  'USER_STATE_INVALID',
  // reports (domain/reports.ts, server/modules/reports/README.md)
  'REPORT_NOT_READY',
  'REPORT_EXPIRED',
  'REPORTS_TOO_MANY_ACTIVE',
  // integration API, integrated orders (domain/integration.ts, domain/integratedOrders.ts, server/modules/integration-api/README.md)
  'API_KEY_INVALID',
  'API_KEY_SCOPE_MISSING',
  'API_KEY_SCOPE_NOT_HELD',
  'API_KEY_STORE_MISMATCH',
  'API_KEY_ALREADY_REVOKED',
  'API_KEYS_LIMIT',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_IN_PROGRESS',
  'INTEGRATED_ORDER_CONFLICT',
  'INTEGRATED_ORDER_TYPOLOGY_INVALID',
] as const;

export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
export type ErrorCode = IdentityErrorCode | ApiErrorCode;

/** The problem+json body every API error uses (DESIGN.md §4). */
export interface ProblemBody {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  instance: string;
  error: { message: string };
  /** field → i18n message key */
  errors?: Record<string, string>;
  /** values for the code's text (`…Cents`: money), e.g. `{ shortfallCents }` of WALLET_INSUFFICIENT */
  params?: Record<string, string | number>;
}

/**
 * Zod issues → `{ field: i18n key }` (first issue per field wins): the `errors` of a 400
 * VALIDATION_ERROR, built the same way by the API and the demo provider.
 */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out[prefix + key] ??= 'validation.invalid';
      continue;
    }
    const field = prefix + (issue.path.map(String).join('.') || '_');
    out[field] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return out;
}
