import type { CompanyBody, CompanyRecord, ReferentAction, ReferentRecord } from '../../../domain/schemas/companies-api';
import type { ReferentInput } from '../../../domain/schemas/company';
import { defaultPermissionsFor } from '../../../domain/roles';
import { outOfScopeKeys } from '../../../domain/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/errors';
import { isInSubtree } from '../../db/company-scope';
import type { AuditKind } from '../../db/schema';
import type { Principal } from '../../lib/access';
import { recordAudit } from '../audit/repository';
import { revokeUserTokens } from '../../lib/refresh-tokens.repository';
import * as users from '../account/accounts.repository';
import { emailExists, issueActivationLink } from '../account/service';
import { assertUserInScope } from '../users/service';
import { FOREIGN_KEY_VIOLATION, isUuid, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import * as repo from './repository';

const duplicateCode = () => new ApiError(409, 'DUPLICATE_CODE', 'Another company already uses this code', { code: 'validation.duplicateCode' });
const badParent = () => new ApiError(400, 'VALIDATION_ERROR', 'The parent company is not valid', { parentId: 'validation.invalid' });

/** Who reads or changes companies: their id and flags (what they may do with a referent). */
export type CompaniesActor = Pick<Principal, 'userId' | 'permissions'>;

/**
 * The referent as `actor` sees it (issue 37): `outOfScope`, the flags the referent holds and the
 * actor lacks (domain/users.ts outOfScopeKeys, the rule upsertReferent and removeReferent enforce:
 * 403 USER_OUT_OF_SCOPE); when any, no action. Otherwise `edit`, and `remove` unless the referent
 * is the actor.
 */
function referentRecord(view: repo.ReferentView, actor: CompaniesActor): ReferentRecord {
  const { permissions, ...data } = view;
  const outOfScope = outOfScopeKeys(actor, { permissions });
  const actions: ReferentAction[] = [];
  if (outOfScope.length === 0) {
    actions.push('edit');
    if (view.id !== actor.userId) actions.push('remove');
  }
  return { ...data, actions, outOfScope };
}

export function toRecord(view: repo.CompanyView, actor: CompaniesActor): CompanyRecord {
  return { ...view, referent: view.referent ? referentRecord(view.referent, actor) : null };
}

/** The company `id` within the scope `scopeId` (itself or below), or 404: other trees learn nothing. */
export async function findCompany(db: Db, scopeId: string, id: string): Promise<repo.CompanyView> {
  const view = isUuid(id) ? await repo.findCompanyView(db, scopeId, id) : undefined;
  if (!view) throw notFound();
  return view;
}

/** The company `id` within the scope `scopeId`, as `actor` sees it (see `findCompany`). */
export async function getCompany(ctx: AppContext, actor: CompaniesActor, scopeId: string, id: string, db: Db = ctx.db): Promise<CompanyRecord> {
  return toRecord(await findCompany(db, scopeId, id), actor);
}

export async function listCompanies(
  ctx: AppContext,
  actor: CompaniesActor,
  scopeId: string,
  filter: repo.CompanyListFilter,
  sort: { field: string; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: CompanyRecord[]; total: number }> {
  const { rows, total } = await repo.listCompanies(ctx.db, scopeId, filter, sort, offset, limit);
  return { rows: rows.map((view) => toRecord(view, actor)), total };
}

/** The body's declared fields as columns (companyTable); a province is stored upper-case ("mi" is MI). */
const values = (body: CompanyBody) => {
  const declared = repo.companyTable.values(body) as repo.CompanyValues;
  return { ...declared, province: body.province.toUpperCase() };
};

/** Unique violations that slip past the checks (two writers at once) are the same conflict. */
async function translateConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      const text = String((error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ?? (error as { message?: string }).message);
      throw text.includes('email') ? emailExists() : duplicateCode();
    }
    throw error;
  }
}

export async function createCompany(ctx: AppContext, actor: CompaniesActor, scopeId: string, body: CompanyBody): Promise<CompanyRecord> {
  const parentId = body.parentId ?? scopeId;
  // The parent must be in the caller's scope: a body never widens it.
  if (!(await isInSubtree(ctx.db, scopeId, parentId))) throw badParent();
  return translateConflicts(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.codeTaken(tx, body.code)) throw duplicateCode();
      const id = await repo.insertCompany(tx, { ...values(body), parentId });
      return getCompany(ctx, actor, scopeId, id, tx);
    }),
  );
}

export async function updateCompany(ctx: AppContext, actor: CompaniesActor, scopeId: string, id: string, body: CompanyBody): Promise<CompanyRecord> {
  const current = await findCompany(ctx.db, scopeId, id);
  let parentId = current.parentId;
  if (body.parentId !== undefined && body.parentId !== current.parentId) {
    // A new parent must be in scope and outside the company's own subtree (no cycles).
    const inScope = await isInSubtree(ctx.db, scopeId, body.parentId);
    if (!inScope || (await isInSubtree(ctx.db, id, body.parentId))) throw badParent();
    parentId = body.parentId;
  }
  return translateConflicts(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.codeTaken(tx, body.code, id)) throw duplicateCode();
      await repo.updateCompany(tx, id, { ...values(body), parentId });
      return getCompany(ctx, actor, scopeId, id, tx);
    }),
  );
}

/**
 * Deletes a company nothing hangs on. Users that are not disabled (the referent too),
 * sub-companies, stores, cards and orders all refuse it with 409 COMPANY_IN_USE, naming what is
 * left in `detail` and `errors`. Disabled accounts (operators "deleted" in the registry, a
 * removed referent) go with the company in the same transaction, so disabling is the way out.
 */
export async function deleteCompany(ctx: AppContext, actor: CompaniesActor, scopeId: string, id: string): Promise<CompanyRecord> {
  const record = await getCompany(ctx, actor, scopeId, id);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.lockCompany(tx, id);
      const used = await repo.companyUsage(tx, id);
      if (used.length > 0) throw inUse(used);
      await users.deleteDisabledUsersOf(tx, id);
      await repo.deleteCompany(tx, id);
    });
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw inUse([]);
    throw error;
  }
  return record;
}

/** `errors` names each kind of record still there (an i18n key each), so the SPA can say which. */
function inUse(used: string[]): ApiError {
  const what = used.length > 0 ? used.join(', ') : 'other records';
  const reasons = Object.fromEntries(used.map((kind) => [kind, `companies.inUse.${kind}`]));
  return new ApiError(409, 'COMPANY_IN_USE', `The company still has ${what}`, reasons);
}

/**
 * Creates or updates the company's referent: a user of that company, pending until activated
 * through the e-mailed link (the foundation's activation flow). A changed e-mail of a pending
 * referent gets a new link; an active referent just signs in with the new address (links mailed to
 * the old one stop working). A referent holding a flag the caller lacks is refused (403
 * USER_OUT_OF_SCOPE).
 */
export async function upsertReferent(ctx: AppContext, actor: Principal, scopeId: string, id: string, body: ReferentInput): Promise<CompanyRecord> {
  await findCompany(ctx.db, scopeId, id);
  const contact = { firstName: body.firstName, lastName: body.lastName, email: body.email, phone: body.phone, phoneCountry: body.phoneCountry };
  const record = await translateConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const company = await repo.lockCompany(tx, id);
      const existing = company.referentUserId ? await users.findUserInSubtree(tx, id, company.referentUserId) : undefined;
      // a referent holding a flag the caller lacks is not theirs to change (USER_OUT_OF_SCOPE, as in user management)
      if (existing) assertUserInScope(actor, existing);
      if (await users.emailTaken(tx, body.email, existing?.id)) throw emailExists();
      if (existing) {
        const updated = await users.updateUserContact(tx, existing.id, contact);
        const emailChanged = existing.email.toLowerCase() !== body.email.toLowerCase();
        if (emailChanged && updated.status === 'PENDING_ACTIVATION') await issueActivationLink(ctx, tx, updated);
      } else {
        const user = await users.insertPendingUser(tx, {
          ...contact,
          companyId: id,
          role: 'REFERENT',
          permissions: defaultPermissionsFor('REFERENT', actor.permissions),
          language: actor.language,
        });
        await repo.updateCompany(tx, id, { referentUserId: user.id });
        await issueActivationLink(ctx, tx, user);
      }
      return getCompany(ctx, actor, scopeId, id, tx);
    }),
  );
  ctx.jobs.wake();
  return record;
}

/** The audit kind of a referent removal (audit_events.kind is text; the kind list lives in db/schema/audit.ts). */
const REFERENT_REMOVED: AuditKind = 'referent_removed';

/**
 * Removes the company's referent, so a company whose only user is its referent can be deleted
 * and a referent who left can be replaced. A referent who never activated the account (no
 * password, no session, no history) is deleted, and the activation link dies with it. A referent
 * who did activate is disabled, never silently deleted: sessions end at once, the account and its
 * history stay, and a disabled account no longer holds the company. Audited either way. A
 * referent holding a flag the caller lacks is refused (403 USER_OUT_OF_SCOPE).
 */
export async function removeReferent(ctx: AppContext, actor: Principal, scopeId: string, id: string): Promise<CompanyRecord> {
  await findCompany(ctx.db, scopeId, id);
  return ctx.db.transaction(async (tx) => {
    const company = await repo.lockCompany(tx, id);
    const referent = company.referentUserId ? await users.findUserInSubtree(tx, id, company.referentUserId) : undefined;
    if (!referent) throw notFound('The company has no referent');
    if (referent.id === actor.userId) throw new ApiError(409, 'CONFLICT', 'You cannot remove your own account');
    assertUserInScope(actor, referent);
    await repo.updateCompany(tx, id, { referentUserId: null });
    const outcome = referent.status === 'PENDING_ACTIVATION' ? 'deleted' : 'disabled';
    if (outcome === 'deleted') await users.deleteUser(tx, referent.id);
    else {
      await users.disableUser(tx, referent.id);
      await revokeUserTokens(tx, referent.id);
    }
    await recordAudit(tx, { kind: REFERENT_REMOVED, actorUserId: actor.userId, subject: referent.email.toLowerCase(), details: { companyId: id, userId: referent.id, outcome } });
    return getCompany(ctx, actor, scopeId, id, tx);
  });
}
