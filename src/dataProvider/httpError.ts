import { HttpError as RaHttpError } from 'react-admin';
import { formatCents } from '../i18n/formatMoney';
import { hasTranslation, i18n, translate } from '../i18n/i18n';

/**
 * A failed HTTP call. Extends react-admin's HttpError so notifications show `message` and forms
 * read server-side field errors from `body.errors`. `message` is already the text for the user.
 */
export class HttpError extends RaHttpError {
  /** the stable error code of the problem body (`error.message`), when there is one */
  readonly code?: string;
  /** the request path the problem is about (`instance`) */
  readonly instance?: string;

  constructor(message: string, status: number, body: unknown) {
    super(message, status, body);
    // react-admin's constructor pins the prototype to its own class: restore ours
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'HttpError';
    this.code = readErrorCode(body);
    this.instance = readString(body, 'instance');
  }
}

function readString(body: unknown, field: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `error.message` of a problem body or of an identity-provider error. */
export function readErrorCode(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  return readString((body as { error?: unknown }).error, 'message');
}

/**
 * SPEC §8: the text for a failed call is the catalogue text of its code, else the server's
 * `detail`, else a generic server-error text.
 */
export function errorTextFromBody(body: unknown): string {
  const code = readErrorCode(body);
  if (code && hasTranslation(`errors.codes.${code}`)) return translate(`errors.codes.${code}`, errorTextParams(body));
  return readString(body, 'detail') ?? translate('errors.generic');
}

/** Comma-separated permission keys (`users.permissions.<key>` names them), e.g. `square.orders,report`. */
const PERMISSION_LIST = /^[a-zA-Z]+(\.[a-zA-Z]+)*(,[a-zA-Z]+(\.[a-zA-Z]+)*)*$/;

/**
 * Permission keys named in the user's language as the menu shows their place, "Square / Codici
 * generati" (issue 43: a permission's label is its menu entries', under its group's name), joined
 * by "; " (a label may list entries with commas); a key without a name stays as it is.
 */
function permissionNames(keys: string): string {
  return keys
    .split(',')
    .map((key) => {
      if (!hasTranslation(`users.permissions.${key}`)) return key;
      const group = key.includes('.') ? key.split('.')[0] : null;
      const name = translate(`users.permissions.${key}`);
      return group && hasTranslation(`users.permissionGroups.${group}`) ? `${translate(`users.permissionGroups.${group}`)} / ${name}` : name;
    })
    .join('; ');
}

/**
 * The problem body's `params` for the code's text: `shortfallCents: 1250` also gives
 * `shortfall: "12,50 €"` in the user's language; `permissions` (keys, comma-separated: the
 * refusals PERMISSION_NOT_GRANTABLE and USER_OUT_OF_SCOPE) is named in the user's language.
 */
export function errorTextParams(body: unknown): Record<string, string | number> | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const params = (body as { params?: unknown }).params;
  if (params === null || typeof params !== 'object') return undefined;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    out[name] = name === 'permissions' && typeof value === 'string' && PERMISSION_LIST.test(value) ? permissionNames(value) : value;
    if (name.endsWith('Cents') && typeof value === 'number') out[name.slice(0, -5)] = formatCents(value, i18n.language ?? 'it');
  }
  return out;
}

/** Aborted requests (navigation away, react-query cancellation) must stay silent. */
export function isCancelledError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The text to show for any error a call can throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return translate('errors.unknown');
}
