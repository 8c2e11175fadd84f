import { hasPermission, permissionsFrom, grantedKeys, type PermissionKey } from '../../../domain/permissions';
import { phonePair, type Grantable, type UserCreateBody, type UserRecord, type UserUpdateBody } from '../../../domain/schemas/users';
import { grantableKeys, grantableRoles, grantRefusal, outOfScopeKeys, userActionsFor, userRefusal, userStateRefusal, type GrantRefusal, type UserManager } from '../../../domain/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { CompanyActor, Principal } from '../../lib/access';
import { isInSubtree } from '../../db/company-scope';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/pg-errors';
import { recordExplicit } from '../audit';
import { revokeUserTokens } from '../../lib/refresh-tokens.repository';
import * as accounts from '../account/accounts.repository';
import { emailExists, endLinksOfOldEmail, issueActivationLink, issueEmailChangeLink, uniqueEmail } from '../account/service';
import * as userRepo from '../account/repository';
import * as repo from './repository';

/** The caller of user management: a company actor and their own role. */
export interface UsersActor extends CompanyActor {
  role: string;
}

/** A refused grant: 403 PERMISSION_NOT_GRANTABLE, its body names the keys (`notGrantable`, and `params.permissions` for the text). */
export class NotGrantableError extends ApiError {
  constructor(readonly notGrantable: PermissionKey[]) {
    super(403, 'PERMISSION_NOT_GRANTABLE', 'You cannot grant permissions you do not hold', undefined, { permissions: notGrantable.join(',') });
  }
}

/**
 * A user the caller may not manage because they hold flags the caller lacks: 403 USER_OUT_OF_SCOPE,
 * its body names the keys (`outOfScope`, and `params.permissions` for the text).
 */
export class OutOfScopeError extends ApiError {
  constructor(readonly outOfScope: PermissionKey[]) {
    super(403, 'USER_OUT_OF_SCOPE', 'This user holds permissions you do not hold: you cannot manage them', undefined, { permissions: outOfScope.join(',') });
  }
}

/**
 * 403 USER_OUT_OF_SCOPE when `user` holds a flag `actor` lacks (domain/users.ts outOfScopeKeys).
 * For the other routes that change a user: the registry's operators and company referents.
 */
export function assertUserInScope(actor: Pick<Principal, 'permissions'>, user: Pick<UserRow, 'permissions'>): void {
  const outOfScope = outOfScopeKeys(actor, user);
  if (outOfScope.length > 0) throw new OutOfScopeError(outOfScope);
}

const managerOf = (actor: UsersActor): UserManager => ({ userId: actor.userId, role: actor.role, permissions: actor.permissions, isProvider: actor.company.isProvider });

function refusalError(refusal: GrantRefusal): ApiError {
  if (refusal.code === 'PERMISSION_NOT_GRANTABLE') return new NotGrantableError(refusal.notGrantable);
  if (refusal.code === 'USER_OUT_OF_SCOPE') return new OutOfScopeError(refusal.outOfScope);
  if (refusal.code === 'OWN_PERMISSIONS') return new ApiError(403, 'OWN_PERMISSIONS', 'You cannot change your own permissions or role');
  return new ApiError(403, 'ROLE_NOT_GRANTABLE', 'You cannot assign this role');
}

const lastManager = () => new ApiError(409, 'LAST_USER_MANAGER', "The company's last user who can manage users cannot be disabled or lose that permission");
const stateInvalid = () => new ApiError(409, 'USER_STATE_INVALID', 'The user does not allow this in their current state');

/** The record: its stored columns (userTable), the flags as their keys, and what the caller may do with the user. */
export function toRecord(view: repo.UserView, actor: UsersActor): UserRecord {
  const { user } = view;
  const record = repo.userTable.toRecord(view.record) as Omit<UserRecord, 'permissions' | 'actions' | 'outOfScope'>;
  return {
    ...record,
    permissions: grantedKeys(user.permissions),
    actions: userActionsFor(managerOf(actor), user),
    outOfScope: outOfScopeKeys(managerOf(actor), user),
  };
}

/**
 * The body's declared fields as columns (userTable); the flags as stored, and the phone pair: both
 * or neither (domain/schemas/users.ts), a prefix without a phone is not stored.
 */
const values = (body: UserCreateBody | UserUpdateBody) => ({
  ...(repo.userTable.values(body) as repo.UserValues),
  ...phonePair(body),
  permissions: permissionsFrom(body.permissions),
});

async function findView(db: Db, actor: UsersActor, id: string): Promise<repo.UserView> {
  const view = isUuid(id) ? await repo.findUserInScope(db, actor.companyId, id) : undefined;
  if (!view) throw notFound('No such user');
  return view;
}

export async function getUser(ctx: AppContext, actor: UsersActor, id: string, db: Db = ctx.db): Promise<UserRecord> {
  return toRecord(await findView(db, actor, id), actor);
}

export async function listUsers(ctx: AppContext, actor: UsersActor, filter: repo.UserListFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
  const { rows, total } = await repo.listUsers(ctx.db, actor.companyId, filter, sort, offset, limit);
  return { rows: rows.map((view) => toRecord(view, actor)), total };
}

/** What the caller may hand out: the flags they hold, the roles up to theirs (ADMIN in the provider only). */
export function grantable(actor: UsersActor): Grantable {
  return { permissions: grantableKeys(actor), roles: grantableRoles(actor, actor.company.isProvider) };
}

/**
 * 409 LAST_USER_MANAGER when `target` is an ACTIVE user holding `management` and no other ACTIVE
 * user of its company holds it. The company's ACTIVE users are locked first (in id order, by
 * every caller), so two concurrent strips serialise and the second counts the first's change.
 */
async function assertNotLastManager(db: Db, target: UserRow): Promise<void> {
  const active = await repo.lockActiveUsersOf(db, target.companyId);
  const current = active.find((user) => user.id === target.id);
  if (!current || !hasPermission(current.permissions, 'management')) return;
  if (!active.some((user) => user.id !== target.id && hasPermission(user.permissions, 'management'))) throw lastManager();
}

/** A new pending user of a company of the subtree, with flags the creator holds; the activation link goes out. */
export async function createUser(ctx: AppContext, actor: UsersActor, body: UserCreateBody): Promise<UserRecord> {
  const companyId = body.companyId || actor.companyId;
  if (!isUuid(companyId) || !(await isInSubtree(ctx.db, actor.companyId, companyId))) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'The company is not valid', { companyId: 'validation.invalid' });
  }
  const inProvider = await repo.companyIsProvider(ctx.db, companyId);
  const refusal = grantRefusal(managerOf(actor), { id: null, role: body.role, permissions: {}, inProvider }, { role: body.role, permissions: body.permissions });
  if (refusal) throw refusalError(refusal);
  const record = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      if (await accounts.emailTaken(tx, body.email)) throw emailExists();
      const user = await accounts.insertPendingUser(tx, { ...(values(body) as Omit<accounts.NewUser, 'companyId'>), companyId, language: actor.language });
      await issueActivationLink(ctx, tx, user);
      return getUser(ctx, actor, user.id, tx);
    }),
  );
  ctx.jobs.wake();
  return record;
}

/**
 * Data, role and flags. Refusals (own flags, a role above the caller's, a user holding a flag the
 * caller lacks, a flag the caller lacks, the last manager) change nothing. A new e-mail of an account that signs in goes pending and its
 * confirmation link to the new address; the account keeps the old one (sign-in, resets) until then.
 * A pending account's e-mail simply changes, with a new activation link there.
 */
export async function updateUser(ctx: AppContext, actor: UsersActor, id: string, body: UserUpdateBody): Promise<UserRecord> {
  const before = await findView(ctx.db, actor, id);
  const record = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      // lock order (the company's active users, then the target) is the same for every change
      await repo.lockActiveUsersOf(tx, before.user.companyId);
      const view = await repo.lockUserInScope(tx, actor.companyId, id);
      if (!view) throw notFound('No such user');
      const { user } = view;
      const refusal = grantRefusal(managerOf(actor), { id: user.id, role: user.role, permissions: user.permissions, inProvider: view.companyIsProvider }, body);
      if (refusal) throw refusalError(refusal);
      if (!body.permissions.includes('management')) await assertNotLastManager(tx, user);
      const email = body.email.trim();
      const emailChanged = email.toLowerCase() !== user.email.toLowerCase();
      // the e-mail is decided below: it changes at once, goes pending, or stays
      const { email: _asked, ...declared } = values(body);
      const changes: repo.UserValues = declared;
      let link: 'activation' | 'emailChange' | null = null;
      if (!emailChanged) {
        // back to the current address: a waiting change is dropped
        if (user.pendingEmail) changes.pendingEmail = null;
      } else {
        if (await userRepo.emailInUse(tx, email, user.id)) throw emailExists();
        if (user.status === 'PENDING_ACTIVATION') {
          changes.email = email;
          link = 'activation';
        } else if (email.toLowerCase() !== user.pendingEmail?.toLowerCase()) {
          changes.pendingEmail = email;
          link = 'emailChange';
        }
      }
      await repo.updateUser(tx, id, changes);
      const updated = { ...user, ...changes } as UserRow;
      if (link === 'activation') {
        // the e-mail changed at once: links mailed to the old address (any kind) stop working
        await endLinksOfOldEmail(tx, id);
        await issueActivationLink(ctx, tx, updated);
      }
      if (link === 'emailChange') await issueEmailChangeLink(ctx, tx, updated);
      return getUser(ctx, actor, id, tx);
    }),
  );
  ctx.jobs.wake();
  return record;
}

/** 403 when the caller may not manage this user (domain/users.ts userRefusal: ranking above them, or holding a flag they lack). */
function assertInScope(actor: UsersActor, user: UserRow): void {
  const refusal = userRefusal(managerOf(actor), user);
  if (refusal?.code === 'ROLE_NOT_GRANTABLE') throw new ApiError(403, 'ROLE_NOT_GRANTABLE', 'You cannot manage a user above your role');
  if (refusal) throw refusalError(refusal);
}

/** Who may be disabled or enabled: not oneself, and only a user the caller may manage (`assertInScope`). */
function assertManageable(actor: UsersActor, user: UserRow): void {
  if (user.id === actor.userId) throw new ApiError(403, 'OWN_PERMISSIONS', 'You cannot disable or enable your own account');
  assertInScope(actor, user);
}

/** Disables the user: their sessions end at once (access tokens of an ended session are refused by the auth plugin). */
export async function disableUser(ctx: AppContext, actor: UsersActor, id: string): Promise<UserRecord> {
  const before = await findView(ctx.db, actor, id);
  return ctx.db.transaction(async (tx) => {
    await repo.lockActiveUsersOf(tx, before.user.companyId);
    const view = await repo.lockUserInScope(tx, actor.companyId, id);
    if (!view) throw notFound('No such user');
    assertManageable(actor, view.user);
    if (userStateRefusal('disable', view.user.status)) throw stateInvalid();
    await assertNotLastManager(tx, view.user);
    await repo.updateUser(tx, id, { status: 'DISABLED' });
    await revokeUserTokens(tx, id);
    return getUser(ctx, actor, id, tx);
  });
}

/** Enables a disabled user: ACTIVE when it has a password, else pending again (its activation link can be resent). */
export async function enableUser(ctx: AppContext, actor: UsersActor, id: string): Promise<UserRecord> {
  await findView(ctx.db, actor, id);
  return ctx.db.transaction(async (tx) => {
    const view = await repo.lockUserInScope(tx, actor.companyId, id);
    if (!view) throw notFound('No such user');
    assertManageable(actor, view.user);
    if (userStateRefusal('enable', view.user.status)) throw stateInvalid();
    await repo.updateUser(tx, id, { status: view.user.passwordHash ? 'ACTIVE' : 'PENDING_ACTIVATION' });
    return getUser(ctx, actor, id, tx);
  });
}

/** A new activation link for a pending user (older ones stop working). */
export async function resendActivation(ctx: AppContext, actor: UsersActor, id: string): Promise<UserRecord> {
  await findView(ctx.db, actor, id);
  const record = await ctx.db.transaction(async (tx) => {
    const view = await repo.lockUserInScope(tx, actor.companyId, id);
    if (!view) throw notFound('No such user');
    assertInScope(actor, view.user);
    if (userStateRefusal('resendActivation', view.user.status)) throw stateInvalid();
    await issueActivationLink(ctx, tx, view.user);
    // the token and the e-mail are not audited tables: say here who sent the link, and when
    await recordExplicit(tx, { entity: 'users', entityId: id, companyId: view.user.companyId, action: 'update', after: { activationLinkSentAt: new Date().toISOString() } });
    return getUser(ctx, actor, id, tx);
  });
  ctx.jobs.wake();
  return record;
}
