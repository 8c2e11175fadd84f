import './shims/buffer';
import './shims/timers';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteHandle } from '../../../server/db/client';
import { createApiHost, standaloneParts } from '../../../server/host/api-host';
import type { AppConfig } from '../../../server/config';
import type { MailTransport } from '../../../server/mail/mailer';
import generated from '../generated/host.json';

const JOBS_AFTER_MS = 4000;

/**
 * The demo's API: the server's own routes, services, SQL and jobs (server/api.ts on the in-process
 * host, server/host/api-host.ts) on the PGlite the worker opened from the data directory made at
 * build time (scripts/demo-data.ts).
 */
export async function startDemoApi(client: PGlite, mailTransport: MailTransport) {
  const database = pgliteHandle(client);
  // links in e-mails open the demo's own screens: its address (any sub-path) and hash routing
  const config: AppConfig = { ...(generated.config as AppConfig), publicUrl: `${new URL('../', self.location.href).href}#` };
  const host = await createApiHost(await standaloneParts(config, database.db, mailTransport));
  // as the server does once it listens (server/main.ts): batches generate, e-mails go, reloads run
  // when due; a few seconds later, so the work the seed left queued (a batch's PDF) does not share
  // the worker's one thread with the first visitor's sign-in and first list. A job queued before
  // then waits for it.
  setTimeout(() => host.ctx.jobs.start(), JOBS_AFTER_MS);
  return host;
}
