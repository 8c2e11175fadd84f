import './shims/buffer';
import { openPglite } from '../../../server/db/client';
import { createApiHost, standaloneParts } from '../../../server/host/api-host';
import type { AppConfig } from '../../../server/config';
import type { MailTransport } from '../../../server/mail/mailer';
import generated from '../generated/host.json';
import snapshotUrl from '../generated/demo-data.tar.gz?url';
import type { FromWorker, SentMail, ToWorker, WireRequest } from './protocol';

/**
 * The demo's API: the server's own routes, services, SQL and jobs (server/api.ts on the in-process
 * host, server/host/api-host.ts) on PGlite, loaded from the data directory made at build time
 * (scripts/demo-data.ts). A shared worker, so every tab of the demo talks to one database, as
 * with a server (a dedicated one where the browser has no SharedWorker); queries and jobs never
 * hold a page's thread.
 */
interface Port {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const ports = new Set<Port>();

const sent: SentMail[] = [];
const mailTransport: MailTransport = {
  async sendMail({ to, subject, text }) {
    const mail = { to, subject, text, sentAt: new Date().toISOString() };
    sent.unshift(mail);
    for (const port of ports) port.postMessage({ id: 0, kind: 'mail', mail });
  },
};

const api = (async () => {
  const snapshot = await (await fetch(new URL(snapshotUrl, self.location.href))).blob();
  const database = await openPglite(null, snapshot);
  // links in e-mails open the demo's own screens: its address (any sub-path) and hash routing
  const config: AppConfig = { ...(generated.config as AppConfig), publicUrl: `${new URL('../', self.location.href).href}#` };
  const host = await createApiHost(await standaloneParts(config, database.db, mailTransport));
  // as the server does once it listens (server/main.ts): batches generate, e-mails go, reloads run when due
  host.ctx.jobs.start();
  return host;
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
