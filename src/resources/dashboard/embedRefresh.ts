import type { DashboardEmbed } from '../../../domain/dashboard';

/** Power BI embed tokens are asked again this long before they expire (the "about 10 minutes"). */
export const REFRESH_LEAD_MS = 10 * 60_000;
/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_DELAY = 2 ** 31 - 1;

export interface TokenRefreshOptions {
  /** the current token's expiry (ISO) */
  expiresAt: string;
  /** asks the server again (GET …/dashboard/embed) */
  fetchEmbed: () => Promise<DashboardEmbed>;
  /** hands the new token to the embedded report (`report.setAccessToken`): no reload */
  applyToken: (accessToken: string) => Promise<unknown>;
  /** no new token: the page falls back to the built-in charts */
  onFailure: (error?: unknown) => void;
  now?: () => number;
}

/**
 * Keeps an embedded report's token alive: about ten minutes before `expiresAt` it asks for a new
 * embed token and applies it, then waits for that token's expiry, and so on. The token is only
 * passed along, never kept. Answers a stop function (unmount, company change): a refresh under
 * way when stopped is not applied.
 */
export function startTokenRefresh({ expiresAt, fetchEmbed, applyToken, onFailure, now = Date.now }: TokenRefreshOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (expiry: string) => {
    const at = Date.parse(expiry) - REFRESH_LEAD_MS;
    const wait = () => {
      const delay = Math.max(0, at - now());
      timer = setTimeout(delay > MAX_DELAY ? wait : refresh, Math.min(delay, MAX_DELAY));
    };
    wait();
  };

  const refresh = async () => {
    try {
      const embed = await fetchEmbed();
      if (stopped) return;
      if (embed.mode !== 'powerbi') return onFailure();
      await applyToken(embed.accessToken);
      if (!stopped) schedule(embed.expiresAt);
    } catch (error) {
      if (!stopped) onFailure(error);
    }
  };

  schedule(expiresAt);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
