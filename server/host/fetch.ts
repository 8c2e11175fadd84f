import type { HostRequest, HostResponse } from './lite';

/**
 * `fetch` answered by an in-process host instead of the network: what the demo's SPA is given
 * (its http client's transport) and what the contract suite drives. Bodies pass as the SPA
 * sends them: JSON and text as strings, files as FormData.
 */
export function fetchVia(handle: (request: HostRequest) => Promise<HostResponse>): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), 'http://tessera.local');
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? request?.headers).forEach((value, name) => (headers[name] = value));
    const body = init?.body ?? null;
    if (body !== null && typeof body !== 'string' && !(body instanceof FormData)) throw new TypeError('the in-process host takes string or FormData bodies');
    const answer = await handle({ method: init?.method ?? request?.method ?? 'GET', url: `${url.pathname}${url.search}`, headers, body });
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : (answer.body as BodyInit), { status: answer.status, headers: answer.headers });
  };
}
