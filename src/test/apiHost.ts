import { loadConfig } from '../../server/config';
import { openPglite } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { createApiHost, standaloneParts } from '../../server/host/api-host';
import { fetchVia } from '../../server/host/fetch';
import { publicConfig } from '../../server/plugins/spa';
import { seedDemoData } from '../../server/seed/demo';

export interface TestApiHost {
  /** `fetch` answered by the API: give it to `createHttpClient` */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * The product's API in the test process, as the demo runs it in the browser (server/host): the
 * server's routes, services and SQL on an in-memory PGlite with the server's demo data (catalog
 * and stores included). For SPA tests that want real answers rather than handlers; the runtime
 * config the SPA reads (/config.js on a server) is set to the host's.
 */
export async function startTestApiHost(): Promise<TestApiHost> {
  const config = loadConfig({ LOG_LEVEL: 'warn' });
  const database = await openPglite(null);
  await runMigrations(database);
  await seedDemoData(database.db, { giftcards: true });
  const parts = await standaloneParts(config, database.db);
  // jsdom's Uint8Array is not Node's TextEncoder's: the secret is copied into the realm jose checks against
  parts.keys.accessTokenSecret = Uint8Array.from(parts.keys.accessTokenSecret);
  const host = await createApiHost(parts);
  window.__TESSERA_CONFIG__ = publicConfig(config);
  return {
    fetch: fetchVia(host.handle),
    async close() {
      await host.close();
      await database.close();
      delete window.__TESSERA_CONFIG__;
    },
  };
}
