/**
 * The demo's database, made at build time (npm run build:demo, npm run demo): the server's
 * migrations and its demo seed (the data `npm start` gives) on PGlite in Node, the data directory
 * dumped as one gzipped tarball the browser host loads at start (src/demo/host/worker.ts). Beside
 * it the host's settings: the server's own `loadConfig` for a demo environment and the SPA's
 * public part of it (what /config.js gives the real app).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/config';
import { pgliteSnapshot } from '../server/db/snapshot';
import { publicConfig } from '../server/plugins/spa';
import { seedDemoData } from '../server/seed/demo';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/demo/generated');
const started = performance.now();
const snapshot = await pgliteSnapshot((db) => seedDemoData(db, { giftcards: true, orders: true }));
mkdirSync(out, { recursive: true });
const bytes = new Uint8Array(await snapshot.arrayBuffer());
writeFileSync(path.join(out, 'demo-data.tar.gz'), bytes);
const config = loadConfig({ APP_ENV: 'demo', DATA_DIR: '/demo', PUBLIC_URL: 'http://demo.tessera.local', LOG_LEVEL: 'warn' });
writeFileSync(path.join(out, 'host.json'), `${JSON.stringify({ config, publicConfig: publicConfig(config) }, null, 2)}\n`);
console.log(`demo data: ${(bytes.length / 1024).toFixed(0)} KiB gzipped in ${((performance.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), out)}`);
