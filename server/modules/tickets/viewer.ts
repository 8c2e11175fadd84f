import type { TicketSide } from '../../../domain/tickets';
import type { Actor } from '../../lib/access';
import { ApiError } from '../../lib/errors';

/** What the tickets' services read of the caller (a route's scopedActor; a seed or a test gives the parts). */
export type TicketActor = Pick<Actor, 'userId' | 'companyId' | 'companyIds' | 'company'>;

/** Provider staff are the callers whose company is the provider (as square decides its viewer); everyone else is the customer's side. */
export const sideOf = (actor: Pick<Actor, 'company'>): TicketSide => (actor.company.isProvider ? 'PROVIDER' : 'CUSTOMER');

/** 403 PROVIDER_STAFF_ONLY unless the caller is provider staff. */
export function assertStaff(actor: Pick<Actor, 'company'>, what: string): void {
  if (sideOf(actor) !== 'PROVIDER') throw new ApiError(403, 'PROVIDER_STAFF_ONLY', `Only provider staff ${what}`);
}
