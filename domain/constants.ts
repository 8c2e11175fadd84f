/** Business constants of SPEC §9 and the session contract of SPEC §3. */
export const APP_VERSION_FALLBACK = '0.6.2';

export const DEFAULT_LANGUAGE = 'it';
/** Offered in the language choice (SPEC §1), every one with complete texts (issue 23). */
export const LANGUAGES = ['it', 'en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A stored or asked language ('de', 'de-AT') as one of the choice; Italian for any other (an old or hand-made value). */
export function knownLanguage(value: string | null | undefined): Language {
  const code = value?.toLowerCase().split('-')[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : DEFAULT_LANGUAGE;
}

/** Browser local storage keys (SPEC §9), kept verbatim. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  companyId: 'companyId',
  language: 'i18nextLng',
} as const;

/** SPEC §7: every request sends `Accept-Language: it`. */
export const REQUEST_LANGUAGE = 'it';

/** SPEC §7: the user configuration is cached for 5 minutes. */
export const USER_CONFIGURATION_CACHE_MS = 5 * 60 * 1000;

/** SPEC §9: uploads up to 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** A company logo is drawn by every viewer's browser: at most 4,096 px on either side… */
export const MAX_LOGO_SIDE_PX = 4096;
/** …and at most 16.7 Mpx in all (4,096²). */
export const MAX_LOGO_PIXELS = 4096 * 4096;

export const PASSWORD_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 12;

/** A phone's country prefix: "+" and this many digits (SPEC §5)… */
export const PHONE_COUNTRY_DIGITS = { min: 1, max: 4 } as const;
/** …Italy's by default (the user form's prefix, and the example the texts give). */
export const DEFAULT_PHONE_COUNTRY = '+39';

/** Default tenant constant sent with every sign-in (SPEC §3: "tenantId (fixed constant)"). */
export const DEFAULT_TENANT_ID = 'tessera';

/** SPEC §9: date-time display format. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_FORMAT = 'DD/MM/YYYY';

/** SPEC §9: the login side panel width. */
export const LOGIN_PANEL_WIDTH = 480;

/** SPEC §5 "maximum import" default (1,000.00 EUR); the server setting MAX_TRANSACTION_AMOUNT_CENTS overrides it. */
export const DEFAULT_MAX_TRANSACTION_CENTS = 100_000;
