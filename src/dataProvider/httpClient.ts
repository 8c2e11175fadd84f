import { readAccessToken, readRefreshToken } from './session';
import { translate } from '../i18n/i18n';
import { HttpError, errorTextFromBody } from './httpError';
import { baseHeaders } from './requestHeaders';
import { createTokenRefresher } from './tokenRefresher';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** serialized as JSON */
  json?: unknown;
  /** raw body (FormData for uploads) */
  body?: BodyInit;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob' | 'text';
  signal?: AbortSignal;
  /** false: no bearer token and no refresh on 401 (sign-in, public pages) */
  authenticated?: boolean;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface HttpClient {
  request<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
}

export interface HttpClientDeps {
  fetch?: typeof fetch;
  onSessionEnd?: () => void;
}

function goToRoot(): void {
  window.location.replace('/');
}

export function createHttpClient({ fetch: fetchFn, onSessionEnd = goToRoot }: HttpClientDeps = {}): HttpClient {
  // resolved at call time so test interceptors (msw) that patch fetch later still apply
  const doFetch: typeof fetch = (input, init) => (fetchFn ?? globalThis.fetch)(input, init);
  const refreshAfterUnauthorized = createTokenRefresher({ fetch: doFetch, onSessionEnd });

  async function send<T>(url: string, options: RequestOptions, isRetry: boolean): Promise<HttpResponse<T>> {
    const authenticated = options.authenticated !== false;
    const tokenUsed = authenticated ? readAccessToken() : null;
    const headers = baseHeaders(tokenUsed);
    if (options.responseType === 'blob') headers.set('Accept', '*/*');
    if (options.json !== undefined) headers.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

    let response: Response;
    try {
      response = await doFetch(withQuery(url, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error; // cancelled: the caller stays silent
      throw new HttpError(translate('errors.network'), 0, null);
    }

    if (response.ok) {
      return { status: response.status, headers: response.headers, body: (await readBody(response, options.responseType)) as T };
    }

    // blob and text calls fail with a JSON problem too: always read the error as JSON
    const problem = await readProblem(response);
    const mayRefresh =
      response.status === 401 && authenticated && !isRetry && readRefreshToken() !== null && !mentionsLogin(problem);
    if (mayRefresh && (await refreshAfterUnauthorized(tokenUsed))) {
      return send<T>(url, options, true);
    }
    throw new HttpError(errorTextFromBody(problem), response.status, problem);
  }

  return { request: (url, options = {}) => send(url, options, false) };
}

/** SPEC §4: a 401 about the login itself means wrong credentials, not an expired session. */
function mentionsLogin(problem: unknown): boolean {
  const instance = problem && typeof problem === 'object' ? (problem as { instance?: unknown }).instance : undefined;
  return typeof instance === 'string' && instance.toLowerCase().includes('login');
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  return text ? JSON.parse(text) : null;
}

async function readProblem(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
