import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { problem, signedIn } from '../test/builders';
import { server } from '../test/msw';
import { createHttpClient } from './httpClient';
import { HttpError } from './httpError';

function failWith(body: JsonBodyType, status = 400) {
  server.use(http.get('/api/thing', () => HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/problem+json' } })));
}

async function caught(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected the call to fail');
}

describe('http client headers', () => {
  it('sends the bearer token, Accept-Language it and Cache-Control no-cache', async () => {
    signedIn();
    let headers: Headers | undefined;
    server.use(http.get('/api/thing', ({ request }) => ((headers = request.headers), HttpResponse.json({ ok: true }))));

    const response = await createHttpClient().request<{ ok: boolean }>('/api/thing');

    expect(response.body).toEqual({ ok: true });
    expect(headers?.get('Authorization')).toBe('Bearer access-1');
    expect(headers?.get('Accept-Language')).toBe('it');
    expect(headers?.get('Cache-Control')).toBe('no-cache');
  });

  it('sends no Authorization header without a stored token, and Accept-Language it whatever the UI language', async () => {
    await i18n.changeLanguage('en');
    let headers: Headers | undefined;
    server.use(http.get('/api/thing', ({ request }) => ((headers = request.headers), HttpResponse.json({}))));

    await createHttpClient().request('/api/thing');

    expect(headers?.has('Authorization')).toBe(false);
    expect(headers?.get('Accept-Language')).toBe('it');
  });
});

describe('http client error mapping (SPEC §8)', () => {
  it('maps error.message to the catalogue text of the code', async () => {
    failWith(problem(403, 'USER_DISABLED', '/api/thing', 'server words'), 403);
    const error = await caught(createHttpClient().request('/api/thing'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Account disabled. Contact support.');
    expect(error.status).toBe(403);
    expect(error.code).toBe('USER_DISABLED');
  });

  it('maps identity-provider errors the same way, in Italian too', async () => {
    await i18n.changeLanguage('it');
    failWith({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    const error = await caught(createHttpClient().request('/api/thing'));
    expect(error.message).toBe('Troppi tentativi. Riprova più tardi.');
  });

  it('falls back to the detail when the code is unknown or missing', async () => {
    failWith(problem(409, 'SOMETHING_NEW', '/api/thing', 'The order is already active'));
    expect((await caught(createHttpClient().request('/api/thing'))).message).toBe('The order is already active');
  });

  it('falls back to the generic server-error text without code or detail', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    expect((await caught(createHttpClient().request('/api/thing'))).message).toBe('Server error. Please try again later.');
  });

  it('reads the JSON error of a failed blob download', async () => {
    server.use(
      http.get('/api/file', () =>
        HttpResponse.json(problem(404, 'NOT_FOUND', '/api/file'), { status: 404, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    const error = await caught(createHttpClient().request('/api/file', { responseType: 'blob' }));
    expect(error.message).toBe('The requested item does not exist.');
  });

  it('returns a blob on success', async () => {
    server.use(http.get('/api/file', () => new HttpResponse('a;b\n1;2\n', { headers: { 'Content-Type': 'text/csv' } })));
    const { body } = await createHttpClient().request<Blob>('/api/file', { responseType: 'blob' });
    expect(await body.text()).toBe('a;b\n1;2\n');
  });

  it('lets an aborted request fail as an AbortError, not as an HTTP error', async () => {
    server.use(http.get('/api/slow', async () => new Promise<never>(() => undefined)));
    const controller = new AbortController();
    const pending = createHttpClient().request('/api/slow', { signal: controller.signal });
    controller.abort();
    const error = await caught(pending);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error.name).toBe('AbortError');
  });
});
