import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardEmbed } from '../../../domain/dashboard';
import { REFRESH_LEAD_MS, startTokenRefresh } from './embedRefresh';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const embed = (token: string, expiresAt: string): DashboardEmbed => ({ mode: 'powerbi', reportId: 'r1', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1', accessToken: token, expiresAt, level: 'base' });

describe('Power BI token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('asks for a new token ten minutes before expiry, sets it on the report, and goes on with the new expiry', async () => {
    const fetchEmbed = vi.fn().mockResolvedValueOnce(embed('token-2', '2026-11-27T11:50:00Z')).mockResolvedValueOnce(embed('token-3', '2026-11-27T12:50:00Z'));
    const applyToken = vi.fn().mockResolvedValue(undefined);
    const onFailure = vi.fn();
    startTokenRefresh({ expiresAt: '2026-11-27T11:00:00Z', fetchEmbed, applyToken, onFailure });

    await vi.advanceTimersByTimeAsync(50 * 60_000 - 1);
    expect(fetchEmbed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchEmbed).toHaveBeenCalledTimes(1);
    expect(applyToken).toHaveBeenCalledWith('token-2');

    // the next one from token-2's expiry (11:50 − 10 min = 11:40)
    await vi.advanceTimersByTimeAsync(50 * 60_000 - 1);
    expect(fetchEmbed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(applyToken).toHaveBeenLastCalledWith('token-3');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('refreshes at once a token already within the lead time', async () => {
    const fetchEmbed = vi.fn().mockResolvedValue(embed('token-2', new Date(NOW + 60 * 60_000).toISOString()));
    const applyToken = vi.fn().mockResolvedValue(undefined);
    startTokenRefresh({ expiresAt: new Date(NOW + REFRESH_LEAD_MS / 2).toISOString(), fetchEmbed, applyToken, onFailure: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(applyToken).toHaveBeenCalledWith('token-2');
  });

  it('falls back when no token can be had (an error, or the server answering the built-in mode)', async () => {
    for (const answer of [Promise.reject(new Error('offline')), Promise.resolve({ mode: 'builtin', fallback: 'POWERBI_UNAVAILABLE' } as DashboardEmbed)]) {
      answer.catch(() => undefined);
      const onFailure = vi.fn();
      const applyToken = vi.fn();
      startTokenRefresh({ expiresAt: new Date(NOW + REFRESH_LEAD_MS + 1000).toISOString(), fetchEmbed: () => answer, applyToken, onFailure });
      await vi.advanceTimersByTimeAsync(1000);
      expect(onFailure).toHaveBeenCalledTimes(1);
      expect(applyToken).not.toHaveBeenCalled();
    }
  });

  it('does nothing once stopped (unmounted, company changed)', async () => {
    const fetchEmbed = vi.fn().mockResolvedValue(embed('token-2', '2026-11-27T12:00:00Z'));
    const stop = startTokenRefresh({ expiresAt: '2026-11-27T11:00:00Z', fetchEmbed, applyToken: vi.fn(), onFailure: vi.fn() });
    stop();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(fetchEmbed).not.toHaveBeenCalled();
  });
});
