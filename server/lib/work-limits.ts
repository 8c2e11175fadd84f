import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { currentRequest, requestAuditContext } from '../db/audit-context';
import { ApiError } from './errors';
import { countHit } from './rate-limit.repository';

/**
 * How much work one caller may have the service do for them (issue 39): the jobs a request queues
 * and the e-mails it sends, counted in the database (table rate_limits), so every instance shares
 * one budget, and in the caller's own transaction, so a refused request leaves no count, no job
 * and no e-mail behind.
 *
 * The limit is not a list of routes: it is charged where work is queued. `enqueue` (jobs/queue.ts:
 * an e-mail's job as `mail`, any other as `work`) and the order e-mails' writer (orders/emails.ts
 * queueMailIds, as `mail`) charge the request they run for,
 * once per request, per user and per company. An unsigned request (a password reset) is held by
 * its route's own per-address limit instead. An e-mail sent
 * to an address a caller chooses or repeats is charged to that inbox too: a link (activation of a
 * user created or resent, an e-mail change, a password reset: modules/account/service.ts issueLink)
 * and a voucher's resend (square/communications.routes.ts). Notifications to the people of a
 * ticket or an order are not: their number follows the work, which is already limited. A job, a seed or a test's
 * direct call runs outside any request and is not charged; neither is an integration API key,
 * which has its own calls-per-minute budget (INTEGRATION_RATE_LIMIT_PER_MINUTE).
 */
/** What a request is charged as: background work (a batch, a run, an order's jobs) or e-mail (a link, a notification, a voucher). */
export type WorkKind = 'work' | 'mail';

export interface WorkLimits {
  /** requests per user and per company in the window, for each kind */
  perUser: Record<WorkKind, number>;
  perCompany: Record<WorkKind, number>;
  windowMs: number;
  perRecipient: number;
  recipientWindowMs: number;
  /** inboxes every customer writes to by design (the support mailbox): held to the per-user limit only */
  exemptRecipients: ReadonlySet<string>;
}

export function workLimitsOf(config: AppConfig): WorkLimits {
  return {
    perUser: { work: config.work.maxPerUser, mail: config.work.mailMaxPerUser },
    perCompany: { work: config.work.maxPerCompany, mail: config.work.mailMaxPerCompany },
    windowMs: config.work.windowSeconds * 1000,
    perRecipient: config.work.maxPerRecipient,
    recipientWindowMs: config.work.recipientWindowSeconds * 1000,
    exemptRecipients: new Set([config.tickets.supportEmail.trim().toLowerCase()]),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** what one caller may have queued (lib/work-limits.ts), set on every request by api.ts */
    workLimits: WorkLimits | null;
  }
}

/** Past a limit: 429 with the seconds to wait (the error plugin writes them as Retry-After). */
export class RetryLaterError extends ApiError {
  constructor(
    code: 'RATE_LIMITED' | 'RECIPIENT_LIMITED',
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, detail, undefined, { retryAfter: retryAfterSeconds });
  }
}

const charged = new WeakMap<FastifyRequest, Set<WorkKind>>();

type ChargeListener = (operation: string, outcome: 'charged' | 'refused') => void;
const listeners = new Set<ChargeListener>();
/** Hears every request charged for queuing work, by its route (`POST /api/company/:companyId/users`): what a walk of the routes reads. */
export function onWorkCharged(listener: ChargeListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
/** the route a request ran, as the audit trail names it (`POST /api/company/:companyId/users`) */
const operationOf = (request: FastifyRequest) => requestAuditContext(request).operation ?? request.method;

/** Who a request's work is counted against: null for an integration key (its own budget) or no request at all. */
function budgetsOf(request: FastifyRequest, kind: WorkKind, limits: WorkLimits): Array<{ key: string; max: number }> | null {
  if ((request as { apiKey?: unknown }).apiKey) return null;
  const auth = (request as { auth?: FastifyRequest['auth'] }).auth;
  // an unsigned request (a password reset asked for) is held by its route's own per-address limit
  if (!auth?.user) return null;
  return [
    { key: `${kind}:user:${auth.user.id}`, max: limits.perUser[kind] },
    { key: `${kind}:company:${auth.user.companyId}`, max: limits.perCompany[kind] },
  ];
}

async function count(db: Db, key: string, windowMs: number, max: number): Promise<{ over: boolean; retryAfterSeconds: number }> {
  const hit = await countHit(db, key, windowMs, max);
  return { over: hit.current > max, retryAfterSeconds: Math.max(1, Math.ceil(hit.ttl / 1000)) };
}

/**
 * Charges the running request for queuing work of a kind, with the caller's executor (inside its
 * transaction): once per request and kind, per user and per company. E-mail has budgets of its own, smaller: it reaches people outside.
 * Past either budget: RetryLaterError (429 RATE_LIMITED), which rolls the request's work back.
 */
export async function chargeQueuedWork(db: Db, kind: WorkKind = 'work'): Promise<void> {
  const request = currentRequest();
  if (!request || charged.get(request)?.has(kind)) return;
  const limits = request.workLimits;
  const budgets = limits && budgetsOf(request, kind, limits);
  if (!budgets) return;
  for (const { key, max } of budgets) {
    const hit = await count(db, key, limits.windowMs, max);
    if (hit.over) {
      for (const listener of listeners) listener(operationOf(request), 'refused');
      throw new RetryLaterError('RATE_LIMITED', 'Too much work queued in a short time; try again later', hit.retryAfterSeconds);
    }
  }
  charged.set(request, new Set([...(charged.get(request) ?? []), kind]));
  for (const listener of listeners) listener(operationOf(request), 'charged');
}

/**
 * Charges an e-mail to `address` (any request's, a job's only when `always`): at most
 * `perRecipient` per window to one inbox, however many callers ask. Answers whether it may go;
 * a request's caller past it gets RetryLaterError (429 RECIPIENT_LIMITED) unless `quiet` (a
 * password reset must not tell whether it sent anything: it is just not sent).
 */
export async function chargeRecipient(db: Db, address: string, options: { always?: boolean; quiet?: boolean; limits?: WorkLimits } = {}): Promise<boolean> {
  const request = currentRequest();
  const limits = options.limits ?? request?.workLimits;
  if (!limits || (!request && !options.always)) return true;
  if (request && (request as { apiKey?: unknown }).apiKey) return true;
  const inbox = address.trim().toLowerCase();
  if (limits.exemptRecipients.has(inbox)) return true;
  const hit = await count(db, `mail:to:${inbox}`, limits.recipientWindowMs, limits.perRecipient);
  if (!hit.over) return true;
  if (options.quiet || !request) return false;
  throw new RetryLaterError('RECIPIENT_LIMITED', 'Too many e-mails to this address in a short time; try again later', hit.retryAfterSeconds);
}

