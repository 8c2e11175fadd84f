import { APP_VERSION_FALLBACK, DEFAULT_MAX_TRANSACTION_CENTS, DEFAULT_TENANT_ID } from '../../domain/constants';

/**
 * Settings the API server decides at runtime (served as /config.js so one build runs in every
 * environment). Vite dev without the server and unit tests have no /config.js: defaults apply.
 */
export interface RuntimeConfig {
  appEnv: string;
  identitySignInUrl: string;
  identityApiKey: string;
  tenantId: string;
  version: string;
  /** SPEC §5: the maximum amount of one transaction action (reload, return), in cents. */
  maxTransactionCents: number;
}

const DEFAULTS: RuntimeConfig = {
  appEnv: 'dev',
  identitySignInUrl: '/identity/v1/accounts:signInWithPassword',
  identityApiKey: '',
  tenantId: DEFAULT_TENANT_ID,
  version: APP_VERSION_FALLBACK,
  maxTransactionCents: DEFAULT_MAX_TRANSACTION_CENTS,
};

export function getRuntimeConfig(): RuntimeConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__TESSERA_CONFIG__;
  const config = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof RuntimeConfig)[]) {
    const value = injected?.[key];
    // each setting keeps its default's type: a wrong or empty value leaves the default
    if (typeof value === typeof DEFAULTS[key] && value !== '' && (typeof value !== 'number' || (Number.isSafeInteger(value) && value > 0))) {
      Object.assign(config, { [key]: value });
    }
  }
  return config;
}

/** The version of this SPA build (package.json), shown on the login screen. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : APP_VERSION_FALLBACK;
