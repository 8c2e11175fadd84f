import type { FastifyInstance } from 'fastify';

/** `fetch` answered by a built (not listening) app through `inject`: the SPA's transport in server tests. */
export function injectFetch(app: () => FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://tessera.test');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const res = await app().inject({ method: (init?.method ?? 'GET') as 'GET', url: `${url.pathname}${url.search}`, headers, payload: (init?.body as string | undefined) ?? undefined });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) responseHeaders.set(name, String(value));
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  };
}
