import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenRefresher, REFRESH_LOCK_NAME } from './tokenRefresher';

function stubLocks(whileWaiting: () => void) {
  const request = vi.fn(async (_name: string, work: () => Promise<unknown>) => {
    whileWaiting();
    return work();
  });
  vi.stubGlobal('navigator', { ...navigator, locks: { request } });
  return request;
}

const okRefresh = () =>
  new Response(JSON.stringify({ accessToken: 'access-2', refreshToken: 'refresh-2' }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('token refresh across tabs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('retries with the tokens another tab stored while this one waited, without refreshing again', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    const request = stubLocks(() => {
      // the other tab rotated the session meanwhile
      localStorage.setItem('accessToken', 'access-2');
      localStorage.setItem('refreshToken', 'refresh-2');
    });
    const fetchFn = vi.fn<typeof fetch>();
    const onSessionEnd = vi.fn();

    await expect(createTokenRefresher({ fetch: fetchFn, onSessionEnd })('access-1')).resolves.toBe(true);
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, expect.any(Function));
    expect(fetchFn).not.toHaveBeenCalled();
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('refreshes under the lock when no other tab did', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    const request = stubLocks(() => undefined);
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(okRefresh());

    await expect(createTokenRefresher({ fetch: fetchFn, onSessionEnd: vi.fn() })('access-1')).resolves.toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchFn.mock.calls[0][1]?.body))).toEqual({ refresh_token: 'refresh-1', grant_type: 'refresh_token' });
    expect([localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]).toEqual(['access-2', 'refresh-2']);
  });
});
