import { fetchVia } from '../../../server/host/fetch';
import type { HostRequest, HostResponse } from '../../../server/host/lite';
import type { FromWorker, SentMail, ToWorker, WireRequest } from './protocol';

export interface DemoApi {
  /** `fetch` answered by the worker's API: what the SPA's http client is given */
  fetch: typeof fetch;
  /** the e-mails sent so far, newest first */
  mails(): Promise<SentMail[]>;
  /**
   * Whether the worker started for this page: its database is the seed's again, so a session an
   * earlier visit stored is over (its tokens were signed with keys made at that worker's start).
   * False for a tab joining a worker another tab started.
   */
  fresh: Promise<boolean>;
  /** called on each e-mail sent from now on; returns the unsubscribe */
  onMail(listener: (mail: SentMail) => void): () => void;
}

function wire(request: HostRequest): WireRequest {
  const body = request.body instanceof FormData ? [...request.body.entries()] : (request.body ?? null);
  return { method: request.method, url: request.url, headers: request.headers ?? {}, body };
}

type Endpoint = Pick<MessagePort, 'postMessage'> & { onmessage: ((event: MessageEvent) => void) | null };

/** The demo's API worker (worker.ts): shared by the demo's tabs where the browser can, dedicated elsewhere. */
export function startDemoWorker(): Endpoint {
  if (typeof SharedWorker !== 'undefined') {
    const shared = new SharedWorker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'tessera-demo-api' });
    return shared.port;
  }
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'tessera-demo-api' });
}

/** The page's side of the demo's API worker: requests out, answers and sent e-mails in. */
export function connectDemoApi(worker: Endpoint = startDemoWorker()): DemoApi {
  let next = 1;
  const waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(mail: SentMail) => void>();
  let hello: (fresh: boolean) => void = () => undefined;
  const fresh = new Promise<boolean>((resolve) => (hello = resolve));
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.kind === 'hello') return hello(data.fresh);
    if (data.kind === 'mail') return listeners.forEach((listener) => listener(data.mail));
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.kind === 'failed') pending?.reject(new Error(data.message));
    else pending?.resolve((data.kind === 'response' ? data.response : data.mails) as never);
  };
  function call<T>(message: Omit<ToWorker, 'id'> & { kind: ToWorker['kind'] }): Promise<T> {
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: never) => void, reject });
      worker.postMessage({ ...message, id } as ToWorker);
    });
  }
  return {
    fetch: fetchVia((request) => call<HostResponse>({ kind: 'request', request: wire(request) } as ToWorker)),
    mails: () => call<SentMail[]>({ kind: 'mails' } as ToWorker),
    fresh,
    onMail(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
