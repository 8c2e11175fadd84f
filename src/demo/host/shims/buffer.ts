import { Buffer } from 'buffer';

/**
 * Node's `Buffer` for the server code in the demo's worker (uploads, base64 files of orders and
 * reloads, bytea columns): the `buffer` package, the same API. Imported by worker.ts before
 * anything from server/.
 */
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;
