import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../dataProvider/httpClient';
import { problem, signedIn, userConfiguration } from '../test/builders';
import { server } from '../test/msw';
import { createAuthProvider } from './authProvider';

const SIGN_IN = '/identity/v1/accounts:signInWithPassword';

function setup() {
  const onSessionEnd = vi.fn();
  const httpClient = createHttpClient({ onSessionEnd });
  return { onSessionEnd, httpClient, authProvider: createAuthProvider(httpClient) };
}

describe('authProvider.login', () => {
  it('signs in at the identity provider, exchanges the idToken and stores the three session values', async () => {
    let signInBody: unknown;
    let exchangeBody: unknown;
    server.use(
      http.post(SIGN_IN, async ({ request }) => {
        signInBody = await request.json();
        return HttpResponse.json({ idToken: 'id-token-1', email: 'ada@acme.test', localId: 'u1', refreshToken: 'x', expiresIn: '3600', registered: true });
      }),
      http.post('/api/auth/token-exchange', async ({ request }) => {
        exchangeBody = await request.json();
        return HttpResponse.json({ accessToken: 'access-1', refreshToken: 'refresh-1', companyId: 'company-1' });
      }),
    );

    await setup().authProvider.login({ email: 'ada@acme.test', password: 'Secret-password-1' });

    expect(signInBody).toEqual({ email: 'ada@acme.test', password: 'Secret-password-1', tenantId: 'tessera', returnSecureToken: true });
    expect(exchangeBody).toEqual({ fireBaseToken: 'id-token-1' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('companyId')).toBe('company-1');
  });

  it('rejects with the catalogue text of the identity error and stores nothing', async () => {
    server.use(http.post(SIGN_IN, () => HttpResponse.json({ error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' } }, { status: 400 })));
    await expect(setup().authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid credentials');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('single-flight token refresh', () => {
  it('runs exactly one refresh for several concurrent 401s and retries each call once', async () => {
    signedIn();
    let refreshCalls = 0;
    const callsByPath: Record<string, string[]> = {};
    server.use(
      http.get('/api/data/:name', ({ request, params }) => {
        const token = request.headers.get('Authorization');
        (callsByPath[String(params.name)] ??= []).push(token ?? '');
        return token === 'Bearer access-2'
          ? HttpResponse.json({ name: params.name })
          : HttpResponse.json(problem(401, 'UNAUTHORIZED', `/api/data/${params.name}`), { status: 401 });
      }),
      http.post('/api/auth/access-token', async ({ request }) => {
        refreshCalls += 1;
        expect(await request.json()).toEqual({ refresh_token: 'refresh-1', grant_type: 'refresh_token' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      }),
    );
    const { httpClient } = setup();

    const results = await Promise.all(['a', 'b', 'c'].map((name) => httpClient.request<{ name: string }>(`/api/data/${name}`)));

    expect(results.map((result) => result.body.name)).toEqual(['a', 'b', 'c']);
    expect(refreshCalls).toBe(1);
    for (const name of ['a', 'b', 'c']) expect(callsByPath[name]).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('on refresh failure logs out on the server, clears the tokens and ends the session', async () => {
    signedIn();
    const logoutTokens: (string | null)[] = [];
    server.use(
      http.get('/api/data', () => HttpResponse.json(problem(401, 'UNAUTHORIZED', '/api/data'), { status: 401 })),
      http.post('/api/auth/access-token', () => HttpResponse.json(problem(401, 'INVALID_REFRESH_TOKEN', '/api/auth/access-token'), { status: 401 })),
      http.get('/api/auth/logout', ({ request }) => {
        logoutTokens.push(new URL(request.url).searchParams.get('refreshToken'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { httpClient, onSessionEnd } = setup();

    await expect(httpClient.request('/api/data')).rejects.toMatchObject({ status: 401 });

    expect(logoutTokens).toEqual(['refresh-1']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 about the login itself', async () => {
    signedIn();
    const refresh = vi.fn();
    server.use(
      http.post('/api/auth/login-check', () => HttpResponse.json(problem(401, 'INVALID_LOGIN_CREDENTIALS', '/api/auth/login-check'), { status: 401 })),
      http.post('/api/auth/access-token', () => (refresh(), HttpResponse.json({}))),
    );
    await expect(setup().httpClient.request('/api/auth/login-check', { method: 'POST' })).rejects.toThrow('Invalid credentials');
    expect(refresh).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });
});

describe('authProvider.logout', () => {
  it('calls the server with the refresh token and clears the session', async () => {
    signedIn();
    let token: string | null = null;
    server.use(http.get('/api/auth/logout', ({ request }) => ((token = new URL(request.url).searchParams.get('refreshToken')), new HttpResponse(null, { status: 204 }))));
    await setup().authProvider.logout({});
    expect(token).toBe('refresh-1');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('clears the session even when the server call fails', async () => {
    signedIn();
    server.use(http.get('/api/auth/logout', () => HttpResponse.json(problem(500, 'INTERNAL_ERROR', '/api/auth/logout'), { status: 500 })));
    await setup().authProvider.logout({});
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('makes no server call without a refresh token', async () => {
    // onUnhandledRequest: 'error' fails the test if a request goes out
    await expect(setup().authProvider.logout({})).resolves.toBeUndefined();
  });
});

describe('authProvider.checkAuth', () => {
  it('needs both tokens', async () => {
    const { authProvider } = setup();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    localStorage.setItem('accessToken', 'a');
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    localStorage.setItem('refreshToken', 'r');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});

describe('permissions and access', () => {
  it('reads permissions from the user configuration, cached, and gates access with the domain access table', async () => {
    signedIn();
    let calls = 0;
    server.use(http.get('/api/user/configuration', () => ((calls += 1), HttpResponse.json(userConfiguration(['ticketing'])))));
    const { authProvider } = setup();

    expect(await authProvider.getPermissions!({})).toEqual({ ticketing: true });
    expect(await authProvider.canAccess!({ resource: 'tickets', action: 'show' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'tickets', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'users', action: 'list' })).toBe(false);
    // an action or resource the table does not name is denied, whatever the permissions
    expect(await authProvider.canAccess!({ resource: 'tickets', action: 'purge' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'nope', action: 'list' })).toBe(false);
    expect(await authProvider.getIdentity!()).toMatchObject({ id: 'user-1', fullName: 'Ada Lovelace', companyId: 'company-1', companyName: 'Acme' });
    expect(calls).toBe(1);
  });

  it('answers access at once only while the configuration is at hand; signed out, nothing', async () => {
    signedIn();
    server.use(http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(['ticketing']))));
    const { authProvider } = setup();
    authProvider.forgetSession();
    signedIn();
    expect(authProvider.canAccessNow({ resource: 'tickets', action: 'list' })).toBeUndefined();
    await authProvider.getConfiguration();
    expect(authProvider.canAccessNow({ resource: 'tickets', action: 'list' })).toBe(true);
    expect(authProvider.canAccessNow({ resource: 'users', action: 'list' })).toBe(false);
    await authProvider.logout({});
    expect(authProvider.canAccessNow({ resource: 'tickets', action: 'list' })).toBeUndefined();
  });
});

describe('authProvider.checkError', () => {
  it('ends the session on a 401 once the http client could not refresh it (the tokens are gone)', async () => {
    const { authProvider } = setup();
    localStorage.setItem('companyId', 'company-1');
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ message: false });
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('keeps a session stored after the call went out: a late 401 of the signed-out tab does not sign out the user who signed in since', async () => {
    const { authProvider } = setup();
    signedIn();
    await expect(authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    expect(authProvider.hasSession()).toBe(true);
  });

  it('lets other errors through without touching the session', async () => {
    const { authProvider } = setup();
    signedIn();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(authProvider.hasSession()).toBe(true);
  });
});
