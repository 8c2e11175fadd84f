import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { problemBody } from '../lib/problem';

/** The seconds a client is told to wait when every export slot is taken. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

/**
 * The export slots of this instance: at most `maxConcurrent` streamed downloads at once (each holds
 * a connection of the export pool, db/postgres.ts, sized alike), at most `maxPerUser` for one user.
 */
export class ExportSlots {
  private total = 0;
  private readonly byUser = new Map<string, number>();

  constructor(
    readonly maxConcurrent: number,
    readonly maxPerUser: number,
  ) {}

  /** A slot for `user`, with the function that gives it back (once); null when none is free. */
  take(user: string): (() => void) | null {
    const mine = this.byUser.get(user) ?? 0;
    if (this.total >= this.maxConcurrent || mine >= this.maxPerUser) return null;
    this.total += 1;
    this.byUser.set(user, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.total -= 1;
      const left = (this.byUser.get(user) ?? 1) - 1;
      if (left > 0) this.byUser.set(user, left);
      else this.byUser.delete(user);
    };
  }

  get inUse(): number {
    return this.total;
  }
}

/** A response that streams (a CSV read from the database as the client takes it), as opposed to a body made in full. */
const isStream = (payload: unknown): payload is ReadableStream | Readable => payload instanceof ReadableStream || payload instanceof Readable;

function cancel(payload: ReadableStream | Readable) {
  if (payload instanceof ReadableStream) void payload.cancel().catch(() => undefined);
  else payload.destroy();
}

function refuse(request: FastifyRequest, reply: FastifyReply, payload: ReadableStream | Readable): string {
  cancel(payload);
  reply.removeHeader('content-disposition');
  reply.code(429).type('application/problem+json; charset=utf-8').header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  return JSON.stringify(problemBody(request, 429, 'EXPORTS_BUSY', 'Too many downloads are streaming now; try again in a few seconds', undefined, { retryAfter: EXPORT_RETRY_AFTER_SECONDS }));
}

/**
 * No caller can stall the API with downloads (issue 39). Every streamed CSV answer (found by its
 * payload, not by a list of routes: whatever route streams text/csv passes here) takes a slot
 * before its first row is read; past the instance's or the user's cap it answers 429 EXPORTS_BUSY
 * with Retry-After and the stream is cancelled unread (no connection taken). The slot is given
 * back when the response closes, finished or cut. A client that stops reading for
 * `writeTimeoutMs` has its connection ended, which cancels the read and frees the database
 * connection (lib/row-stream.ts).
 */
export const exportsPlugin = fp(async (app: FastifyInstance, { config }: { config: AppConfig }) => {
  const slots = new ExportSlots(config.exports.maxConcurrent, config.exports.maxPerUser);
  app.decorate('exportSlots', slots);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isStream(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/csv')) return payload;
    const user = request.actor?.userId ?? `address:${request.ip}`;
    const release = slots.take(user);
    if (!release) return refuse(request, reply, payload);
    reply.raw.once('close', release);
    // a socket on which the client takes nothing for this long is ended (the read is cancelled with it)
    const socket = reply.raw.socket;
    if (socket && typeof socket.setTimeout === 'function') {
      reply.raw.setTimeout(config.exports.writeTimeoutMs, () => {
        request.log.warn({ writeTimeoutMs: config.exports.writeTimeoutMs }, 'download ended: the client stopped reading');
        reply.raw.destroy();
      });
    }
    return payload;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's export slots (plugins/exports.ts) */
    exportSlots: ExportSlots;
  }
}
