import { DEFAULT_MAX_TRANSACTION_CENTS } from '../../domain/giftcards';
import { DEMO_APP_ENV } from '../layout/EnvironmentLabel';

/**
 * The runtime settings the server's /config.js gives the real app, set by the demo itself
 * (imported first by main.tsx, before any module reads them).
 */
window.__TESSERA_CONFIG__ = {
  appEnv: DEMO_APP_ENV,
  identitySignInUrl: 'demo:identity',
  identityApiKey: 'demo',
  maxTransactionCents: DEFAULT_MAX_TRANSACTION_CENTS,
};
