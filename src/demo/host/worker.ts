import pgliteDataUrl from '@electric-sql/pglite/pglite.data?url';
import pgliteWasmUrl from '@electric-sql/pglite/pglite.wasm?url';
import type { MailTransport } from '../../../server/mail/mailer';
import snapshotUrl from '../generated/demo-data.tar.gz?url';
import type { FromWorker, SentMail, ToWorker, WireRequest } from './protocol';

/**
 * The demo's API worker: a shared worker, so every tab of the demo talks to one database, as with
 * a server (a dedicated one where the browser has no SharedWorker); queries and jobs never hold a
 * page's thread. This entry is small: it starts the downloads (the data snapshot, PGlite's
 * WebAssembly, compiled as it arrives, and its file bundle) and answers connections at once;
 * the server's code (api.ts) loads beside the downloads.
 */
interface Port {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const ports = new Set<Port>();
let connections = 0;

const sent: SentMail[] = [];
const mailTransport: MailTransport = {
  async sendMail({ to, subject, text }) {
    const mail = { to, subject, text, sentAt: new Date().toISOString() };
    sent.unshift(mail);
    for (const port of ports) port.postMessage({ id: 0, kind: 'mail', mail });
  },
};

const asset = (url: string) => fetch(new URL(url, self.location.href));
/** compiled while it downloads where the file server names it application/wasm, after it otherwise */
async function compiled(url: string) {
  const response = await asset(url);
  if (response.headers.get('content-type')?.startsWith('application/wasm')) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}
/**
 * The data directory's tarball, unzipped as it arrives (by the browser's own decoder, off this
 * thread's critical path), so PGlite only unpacks it. A host that sent it with
 * `Content-Encoding: gzip` has had it unzipped by fetch already.
 */
async function snapshotTar(url: string) {
  const response = await asset(url);
  const body = response.headers.get('content-encoding') === 'gzip' ? response.body! : response.body!.pipeThrough(new DecompressionStream('gzip'));
  return new Blob([await new Response(body).arrayBuffer()], { type: 'application/x-tar' });
}

// the database opens as soon as its files are here, while the server's code is still loading
const database = (async () => {
  const [{ PGlite }, loadDataDir, pgliteWasmModule, fsBundle] = await Promise.all([
    import('@electric-sql/pglite'),
    snapshotTar(snapshotUrl),
    compiled(pgliteWasmUrl),
    asset(pgliteDataUrl).then((response) => response.blob()),
  ]);
  // PostgreSQL's start sets up its shared buffers (128 MB by default) in the WebAssembly memory;
  // 16 MB hold the demo's whole working set and start ≈ 100 ms sooner
  const client = new PGlite({ loadDataDir, pgliteWasmModule, fsBundle, postgresqlconf: ['shared_buffers=16MB'] });
  await client.waitReady;
  return client;
})();
const api = (async () => {
  const [{ startDemoApi }, client] = await Promise.all([import('./api'), database]);
  return startDemoApi(client, mailTransport);
})();

function hostRequest(wire: WireRequest) {
  let body: string | FormData | null = null;
  if (typeof wire.body === 'string') body = wire.body;
  else if (wire.body) {
    body = new FormData();
    for (const [name, value] of wire.body) body.append(name, value);
  }
  return { method: wire.method, url: wire.url, headers: wire.headers, body };
}

function serve(port: Port) {
  ports.add(port);
  port.postMessage({ id: 0, kind: 'hello', fresh: connections++ === 0 });
  port.onmessage = async ({ data }) => {
    try {
      if (data.kind === 'mails') return port.postMessage({ id: data.id, kind: 'mails', mails: sent });
      const response = await (await api).handle(hostRequest(data.request));
      port.postMessage({ id: data.id, kind: 'response', response }, typeof response.body === 'string' ? [] : [response.body.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ id: data.id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
}

const scope = globalThis as unknown as Port & { onconnect?: ((event: MessageEvent) => void) | null };
if ('onconnect' in scope) scope.onconnect = (event) => serve(event.ports[0] as unknown as Port);
else serve(scope);
