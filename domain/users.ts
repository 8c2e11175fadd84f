import { grantedKeys, PERMISSION_KEYS, type PermissionKey, type Permissions } from './permissions';
import { USER_ROLES, type UserRole } from './roles';

export const USER_STATUSES = ['ACTIVE', 'PENDING_ACTIVATION', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * User management's rules (issue 20): nobody grants what they do not hold, nor manages a user who
 * holds a permission outside their own (issue 37). Pure functions, read
 * by the server's users service (which enforces them) and by the SPA (which disables what would
 * be refused). The server always decides.
 */

/** Higher is more: ADMIN (provider staff only) > REFERENT > OPERATOR. An unknown stored role ranks lowest. */
const ROLE_RANK: Record<UserRole, number> = { ADMIN: 3, REFERENT: 2, OPERATOR: 1 };

export const roleRank = (role: string): number => ROLE_RANK[role as UserRole] ?? 0;

/** Who acts: their id, role, flags and whether their company is the provider. */
export interface UserManager {
  userId: string;
  role: string;
  permissions: Permissions | null | undefined;
  isProvider: boolean;
}

/** The user being created (`id` null) or edited, and the company it belongs to. */
export interface ManagedUser {
  id: string | null;
  role: string;
  permissions: Permissions | null | undefined;
  /** whether the user's company is the provider (only there may a user be ADMIN) */
  inProvider: boolean;
}

export interface UserGrant {
  role: string;
  permissions: readonly PermissionKey[];
}

/** Why `actor` may not act on an existing user at all (see `userRefusal`). */
export type UserRefusal = { code: 'ROLE_NOT_GRANTABLE' } | { code: 'USER_OUT_OF_SCOPE'; outOfScope: PermissionKey[] };

export type GrantRefusal = { code: 'OWN_PERMISSIONS' } | UserRefusal | { code: 'PERMISSION_NOT_GRANTABLE'; notGrantable: PermissionKey[] };

/** The roles `actor` may give a user of a company (provider's or not): not above their own; ADMIN only in the provider. */
export function grantableRoles(actor: Pick<UserManager, 'role'>, inProvider: boolean): UserRole[] {
  return USER_ROLES.filter((role) => roleRank(role) <= roleRank(actor.role) && (role !== 'ADMIN' || inProvider));
}

/** The flags `actor` may set or clear on others: exactly the ones they hold. */
export function grantableKeys(actor: Pick<UserManager, 'permissions'>): PermissionKey[] {
  return grantedKeys(actor.permissions);
}

/**
 * The keys whose change (granted or taken away) `actor` may not make: the changed keys they do
 * not hold themselves. Taking away a flag one does not hold is refused too, so the checklist's
 * disabled boxes are exactly what the server refuses. In PERMISSION_KEYS order.
 */
export function notGrantableKeys(actor: Pick<UserManager, 'permissions'>, current: Permissions | null | undefined, next: readonly PermissionKey[]): PermissionKey[] {
  const held = new Set(grantableKeys(actor));
  const before = new Set(grantedKeys(current));
  const after = new Set(next);
  return PERMISSION_KEYS.filter((key) => before.has(key) !== after.has(key) && !held.has(key));
}

/**
 * The flags `target` holds and `actor` does not, in PERMISSION_KEYS order. A user holding any is
 * out of the actor's scope (Saleor's "out of scope user"): nobody edits them (data, e-mail, role,
 * flags), disables, enables or re-sends their activation unless they hold every flag that user
 * holds. Being provider staff exempts nobody: only the flags held count. Empty for oneself.
 */
export function outOfScopeKeys(actor: Pick<UserManager, 'permissions'>, target: { permissions: Permissions | null | undefined }): PermissionKey[] {
  const held = new Set(grantedKeys(actor.permissions));
  return grantedKeys(target.permissions).filter((key) => !held.has(key));
}

/**
 * Why `actor` may not manage the existing user `target` at all (edit, disable, enable, resend the
 * activation), or null when they may: a user ranking above them (ROLE_NOT_GRANTABLE); a user
 * holding a flag they do not hold (USER_OUT_OF_SCOPE, with those keys). Reading stays allowed.
 * Never refuses oneself (what one may not do to oneself is the caller's rule: OWN_PERMISSIONS).
 */
export function userRefusal(actor: Pick<UserManager, 'role' | 'permissions'>, target: { role: string; permissions: Permissions | null | undefined }): UserRefusal | null {
  if (roleRank(target.role) > roleRank(actor.role)) return { code: 'ROLE_NOT_GRANTABLE' };
  const outOfScope = outOfScopeKeys(actor, target);
  return outOfScope.length > 0 ? { code: 'USER_OUT_OF_SCOPE', outOfScope } : null;
}

/**
 * Why `actor` may not give `target` this role and these flags, or null when they may:
 * their own role and flags are untouchable (OWN_PERMISSIONS, their own data stays editable); an
 * existing user they may not manage (`userRefusal`: ranking above them, ROLE_NOT_GRANTABLE, or
 * holding a flag they lack, USER_OUT_OF_SCOPE); a role above their own or ADMIN outside the
 * provider (ROLE_NOT_GRANTABLE); a flag they do not hold (PERMISSION_NOT_GRANTABLE, with the keys).
 */
export function grantRefusal(actor: UserManager, target: ManagedUser, next: UserGrant): GrantRefusal | null {
  const current = new Set(grantedKeys(target.permissions));
  const changesFlags = target.id === null || next.permissions.length !== current.size || next.permissions.some((key) => !current.has(key));
  if (target.id !== null && target.id === actor.userId) {
    return next.role !== target.role || changesFlags ? { code: 'OWN_PERMISSIONS' } : null;
  }
  const refusal = target.id !== null ? userRefusal(actor, target) : null;
  if (refusal) return refusal;
  if (!(grantableRoles(actor, target.inProvider) as string[]).includes(next.role)) return { code: 'ROLE_NOT_GRANTABLE' };
  const notGrantable = notGrantableKeys(actor, target.id === null ? {} : target.permissions, next.permissions);
  return notGrantable.length > 0 ? { code: 'PERMISSION_NOT_GRANTABLE', notGrantable } : null;
}

/** The actions a user record offers its viewer (the SPA shows them; the service checks the same rules). */
export const USER_ACTIONS = ['edit', 'disable', 'enable', 'resendActivation'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** Nothing on a user the actor may not manage (`userRefusal`); never disabling or enabling oneself. */
export function userActionsFor(
  actor: Pick<UserManager, 'userId' | 'role' | 'permissions'>,
  target: { id: string; role: string; status: UserStatus; permissions: Permissions | null | undefined },
): UserAction[] {
  const self = target.id === actor.userId;
  if (!self && userRefusal(actor, target)) return [];
  const out: UserAction[] = ['edit'];
  if (!self && target.status !== 'DISABLED') out.push('disable');
  if (!self && target.status === 'DISABLED') out.push('enable');
  if (target.status === 'PENDING_ACTIVATION') out.push('resendActivation');
  return out;
}

/** Why a state action is refused (409 USER_STATE_INVALID), or null. */
export function userStateRefusal(action: 'disable' | 'enable' | 'resendActivation', status: UserStatus): 'USER_STATE_INVALID' | null {
  const allowed = action === 'disable' ? status !== 'DISABLED' : action === 'enable' ? status === 'DISABLED' : status === 'PENDING_ACTIVATION';
  return allowed ? null : 'USER_STATE_INVALID';
}

/** The permission table grouped for the checklist: the key's first segment (privative, reloadable, …). */
export function permissionGroups(): { group: string; keys: PermissionKey[] }[] {
  const groups = new Map<string, PermissionKey[]>();
  for (const key of PERMISSION_KEYS) {
    const group = key.includes('.') ? key.split('.')[0] : 'general';
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  return [...groups].map(([group, keys]) => ({ group, keys }));
}
