import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { ApiError } from './errors';
import { isDatabaseUnavailable, loggableError } from './pg-errors';
import { countHit, type RateLimitHit } from './rate-limit.repository';

/** What @fastify/rate-limit hands a store: its merged options, and on a route's child the route. */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store counting in the `rate_limits` table, so every instance on one
 * PostgreSQL spends one budget per route and address (the built-in LocalStore counts per process).
 * Same contract as the built-in stores: the plugin constructs it with its options and takes a
 * child per rate-limited route, whose keys are prefixed with the route as RedisStore's are;
 * `incr` answers the hit's number in the window and the milliseconds left, honouring
 * continueExceeding and exponentialBackoff as LocalStore does. Windows run on the database's
 * clock, which every instance shares.
 *
 * A database that cannot be reached (lib/pg-errors.ts: restarting, down, not answering) is passed
 * back to the plugin as the error it is, which answers 503 DATABASE_UNAVAILABLE at once: the
 * limited routes need the database anyway, and going on would only wait on it again. Any other
 * failure of the count (the table broken, its row busy) is logged and the request goes through
 * uncounted rather than every limited route answering 500 (or 429); the sign-in brute-force limit
 * is counted apart (audit events).
 */
export function postgresRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly continueExceeding: boolean;
    private readonly exponentialBackoff: boolean;

    constructor(
      options: object,
      private readonly prefix = '',
    ) {
      const o = options as StoreOptions;
      this.continueExceeding = o.continueExceeding === true;
      this.exponentialBackoff = o.exponentialBackoff === true;
    }

    incr(key: string, callback: IncrCallback, timeWindow?: number, max?: number): void {
      countHit(db, this.prefix + key, timeWindow ?? 60_000, max ?? 0, this.continueExceeding, this.exponentialBackoff).then(
        (result) => callback(null, result),
        (error: unknown) => {
          if (isDatabaseUnavailable(error)) return callback(error instanceof Error ? error : new Error(String(error)));
          // no parameters in the log: the key holds the caller's address
          log.error({ err: loggableError(error), key: this.prefix + key }, 'rate limit not counted: the database failed');
          callback(null, { current: 0, ttl: timeWindow ?? 60_000 });
        },
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const o = routeOptions as StoreOptions;
      const route = o.routeInfo?.url ? `${String(o.routeInfo.method)} ${o.routeInfo.url}|` : '';
      return new PostgresRateLimitStore(o, this.prefix + route);
    }
  }
  return PostgresRateLimitStore;
}

/** The answer past a limit, whoever counted it (the plugin's errorResponseBuilder or a route of its own). */
export const rateLimited = () => new ApiError(429, 'RATE_LIMITED', 'Too many requests, try again later');

/**
 * What @fastify/rate-limit answers for a hit, for a route that counts its own: the limit, what
 * remains and the seconds to the window's end on every answer; past the limit also Retry-After,
 * and the 429.
 */
export function answerHit(reply: FastifyReply, hit: RateLimitHit, max: number): void {
  const seconds = Math.ceil(hit.ttl / 1000);
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - hit.current));
  reply.header('x-ratelimit-reset', seconds);
  if (hit.current <= max) return;
  reply.header('retry-after', seconds);
  throw rateLimited();
}
