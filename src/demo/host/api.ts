import './shims/buffer';
import { openPglite } from '../../../server/db/client';
import { createApiHost, standaloneParts } from '../../../server/host/api-host';
import type { AppConfig } from '../../../server/config';
import type { MailTransport } from '../../../server/mail/mailer';
import generated from '../generated/host.json';

/** What the worker's entry fetched while this module's code was loading. */
export interface DemoDatabaseFiles {
  snapshot: Blob;
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/**
 * The demo's API: the server's own routes, services, SQL and jobs (server/api.ts on the in-process
 * host, server/host/api-host.ts) on PGlite, loaded from the data directory made at build time
 * (scripts/demo-data.ts).
 */
export async function startDemoApi(files: DemoDatabaseFiles, mailTransport: MailTransport) {
  const database = await openPglite(null, files.snapshot, { pgliteWasmModule: files.pgliteWasmModule, fsBundle: files.fsBundle });
  // links in e-mails open the demo's own screens: its address (any sub-path) and hash routing
  const config: AppConfig = { ...(generated.config as AppConfig), publicUrl: `${new URL('../', self.location.href).href}#` };
  const host = await createApiHost(await standaloneParts(config, database.db, mailTransport));
  // as the server does once it listens (server/main.ts): batches generate, e-mails go, reloads run when due
  host.ctx.jobs.start();
  return host;
}
