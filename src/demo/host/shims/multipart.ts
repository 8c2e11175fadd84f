import type { FastifyInstance } from 'fastify';

/**
 * @fastify/multipart in the browser build: the in-process host (server/host/lite.ts) gives
 * requests `isMultipart()` and `file()` over the FormData the SPA sent, so the plugin only has to
 * be there under its name (the host recognises it by that name and adds nothing).
 */
async function multipart(_app: FastifyInstance) {}
Object.assign(multipart, { [Symbol.for('skip-override')]: true, [Symbol.for('plugin-meta')]: { name: '@fastify/multipart' } });
export default multipart;
