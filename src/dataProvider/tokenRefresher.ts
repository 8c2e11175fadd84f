import { refreshResponseSchema } from '../../domain/schemas/auth';
import { clearSession, readAccessToken, readRefreshToken, storeTokens } from './session';
import { clearUserConfigurationCache } from './userConfigurationCache';
import { AUTH_PATHS, logoutUrl } from './authEndpoints';
import { baseHeaders } from './requestHeaders';

export interface TokenRefresherDeps {
  fetch: typeof fetch;
  /** called after a failed refresh, once the session is cleared (default: go to the root) */
  onSessionEnd: () => void;
}

/**
 * Single-flight refresh (SPEC §4): however many calls fail with 401 at once, one refresh runs and
 * the others wait for its outcome. A call that failed with a token older than the stored one
 * (another refresh already rotated it) is simply retried. Resolves true when the caller may retry.
 * Across tabs, refreshes take turns under one Web Lock.
 */
export const REFRESH_LOCK_NAME = 'tessera-token-refresh';

/** Serializes refreshes across the browser's tabs (Web Locks); a plain call where unsupported. */
function withCrossTabLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK_NAME, work) as Promise<T>) : work();
}

export function createTokenRefresher({ fetch: fetchFn, onSessionEnd }: TokenRefresherDeps) {
  let inFlight: Promise<boolean> | null = null;

  async function refresh(tokenUsed: string | null): Promise<boolean> {
    // Another tab of the same session may have rotated the tokens while this one waited for the
    // lock: retry with what it stored. Two tabs refreshing with one token would look like a stolen
    // token to the server, which then ends the whole session (RFC 9700 reuse detection).
    const current = readAccessToken();
    if (current && current !== tokenUsed) return true;
    const refreshToken = readRefreshToken();
    if (!refreshToken) {
      endSession();
      return false;
    }
    try {
      const headers = baseHeaders(null);
      headers.set('Content-Type', 'application/json');
      const response = await fetchFn(AUTH_PATHS.accessToken, {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
      });
      if (!response.ok) throw new Error(`refresh failed with ${response.status}`);
      storeTokens(refreshResponseSchema.parse(await response.json()));
      return true;
    } catch {
      // the refresh token is dead: revoke it on the server too, then leave
      await fetchFn(logoutUrl(refreshToken), { headers: baseHeaders(null) }).catch(() => undefined);
      endSession();
      return false;
    }
  }

  function endSession(): void {
    clearSession();
    clearUserConfigurationCache();
    onSessionEnd();
  }

  return function refreshAfterUnauthorized(tokenUsed: string | null): Promise<boolean> {
    if (inFlight) return inFlight;
    const current = readAccessToken();
    if (current && current !== tokenUsed) return Promise.resolve(true);
    inFlight = withCrossTabLock(() => refresh(tokenUsed)).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
