// `npm start`: build what is stale (scripts/ensure-build.mjs), then run the compiled server in
// this same process (dist-server/main.js: migrate, seed a new embedded database, listen).
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// V8's compiled code of the server's bundle (and of the packages it loads) kept on disk between
// starts (keyed by each file's content, so a rebuild is compiled afresh): a restart parses less.
// Beside the build lock, in node_modules (ignored by git); Node ignores it where it cannot write.
enableCompileCache(join(import.meta.dirname, '..', 'node_modules', '.cache', 'tessera-compile-cache'));
import { SERVER_ENTRY } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import(pathToFileURL(SERVER_ENTRY).href);
