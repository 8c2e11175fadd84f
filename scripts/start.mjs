// `npm start`: build what is stale (scripts/ensure-build.mjs), then run the compiled server in
// this same process (dist-server/main.js: migrate, seed a new embedded database, listen).
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRY } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import(pathToFileURL(SERVER_ENTRY).href);
