import { accessRefusal } from '../../domain/access';
import type { Permissions } from '../../domain/permissions';
import type { Db } from '../db/client';
import type { CompanyRow, UserRow } from '../db/schema';
import { companyInScopeOf } from '../db/company-scope';
import { ApiError, forbidden, notFound } from './errors';
import { isUuid } from './pg-errors';

/** The authenticated caller, set by the auth plugin on every protected /api request. */
export interface AuthState {
  user: UserRow;
  company: CompanyRow;
  /** refresh-token family of this session (the access token's `sid`) */
  sessionId: string;
}

/**
 * Who acts, independent of HTTP: the same value comes from a request (`principalOf(request.auth)`)
 * or from a job or integration that acts for a user. Every check below reads the one access table
 * (domain/access.ts) that the SPA's canAccess reads too; an unknown resource or action is denied.
 */
export interface Principal {
  userId: string;
  permissions: Permissions;
  company: { id: string; isProvider: boolean };
  /** the principal is their company's referent (its contact user): the access table's referent entries */
  isReferent?: boolean;
  /** the language of e-mails the principal's actions send (e.g. an invited operator's activation) */
  language: string;
}

/** A principal acting on one company (the route's {companyId}), already checked to be in scope. */
export interface CompanyActor extends Principal {
  companyId: string;
}

/**
 * The actor of every module: a principal acting on the route's {companyId}, with the ids of that
 * company's subtree (what repositories may touch: `company_id IN (…)`). Company-scoped routes
 * build it once (`guards` in lib/route-support.ts); a job, a seed or a test that acts for a user
 * gives a service the parts it reads (`Pick<Actor, …>`).
 */
export interface Actor extends CompanyActor {
  companyIds: string[];
}

export function principalOf(auth: AuthState): Principal {
  return {
    userId: auth.user.id,
    permissions: auth.user.permissions,
    company: { id: auth.company.id, isProvider: auth.company.isProvider },
    isReferent: auth.company.referentUserId === auth.user.id,
    language: auth.user.language,
  };
}

/**
 * 403 unless the access table lets the caller do `action` on `resource`: FORBIDDEN without the
 * entry's flags, PROVIDER_STAFF_ONLY for a provider staff's entry and a customer's user.
 */
export function assertCan(who: Pick<Principal, 'permissions' | 'company' | 'isReferent'>, resource: string, action: string): void {
  const refusal = accessRefusal(who.permissions, resource, action, { isProvider: who.company.isProvider, isReferent: who.isReferent === true });
  if (refusal === 'PROVIDER_STAFF_ONLY') throw new ApiError(403, 'PROVIDER_STAFF_ONLY', 'Only provider staff may do this');
  if (refusal) throw forbidden();
}

/** 404 NOT_FOUND unless `companyId` is the caller's company or below it (provider staff: any company). */
export async function assertCompanyInScope(db: Db, principal: Principal, companyId: string): Promise<void> {
  if (!isUuid(companyId) || !(await companyInScopeOf(db, principal.company, companyId))) throw notFound();
}

/**
 * Both checks in their order (permission 403 first, then scope 404, so other company trees
 * learn nothing): what every company-scoped route runs, and what a job runs before it acts.
 */
export async function authorize(db: Db, principal: Principal, resource: string, action: string, companyId: string): Promise<CompanyActor> {
  assertCan(principal, resource, action);
  await assertCompanyInScope(db, principal, companyId);
  return { ...principal, companyId };
}
