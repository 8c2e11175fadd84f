/**
 * Where the process stands in its life, shared by the health routes (plugins/health.ts) and the
 * shutdown (main.ts): once `draining` is set (SIGTERM), /readyz answers 503 so a load balancer stops
 * sending new requests while the ones in flight finish.
 */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}
