import { hasAnyPermission, type Permissions } from './permissions';
import { RESOURCES, type AccessRule, type ResourceName, type Rules } from './resources';

export type { AccessRule, ResourceName } from './resources';

/**
 * The one access table: resource × action → the permission flags any of which allows it, read
 * from the resource manifest (domain/resources.ts). The SPA's `authProvider.canAccess`, its menu
 * and buttons read it; the server checks the same entry on every route and in its services.
 */
export const ACCESS = Object.fromEntries(Object.entries(RESOURCES).map(([name, manifest]) => [name, manifest.access])) as { readonly [R in ResourceName]: (typeof RESOURCES)[R]['access'] };
export type ActionOf<R extends ResourceName> = keyof (typeof ACCESS)[R] & string;

export const RESOURCE_NAMES = Object.keys(ACCESS) as ResourceName[];

/** What the table reads of the caller besides their flags: whether their company is the provider, whether they are its referent. */
export interface AccessContext {
  isProvider?: boolean;
  isReferent?: boolean;
}

/** The table's entry for `action` on `resource`; null when the table has no such entry. */
export function accessRule(resource: string, action: string): AccessRule | null {
  if (!Object.prototype.hasOwnProperty.call(ACCESS, resource)) return null;
  const rules = ACCESS[resource as ResourceName] as Rules;
  return Object.prototype.hasOwnProperty.call(rules, action) ? rules[action] : null;
}

/**
 * Why the table refuses `action` on `resource`, or null when it allows it: FORBIDDEN without one of
 * the entry's flags (or for an entry it does not have), PROVIDER_STAFF_ONLY when the flags are held
 * but the entry is provider staff's and the caller is a customer's user (FORBIDDEN when the entry
 * is open to referents too and the caller is not their company's referent).
 */
export function accessRefusal(permissions: Permissions | null | undefined, resource: string, action: string, context: AccessContext = {}): 'FORBIDDEN' | 'PROVIDER_STAFF_ONLY' | null {
  const rule = accessRule(resource, action);
  if (rule === null || !hasAnyPermission(permissions, rule.anyOf)) return 'FORBIDDEN';
  if (!rule.staff || context.isProvider === true) return null;
  if (rule.orReferent) return context.isReferent === true ? null : 'FORBIDDEN';
  return 'PROVIDER_STAFF_ONLY';
}

/** Whether the table lets these permissions (and company kind) do `action` on `resource`; unknown resource or action: denied. */
export function canAccess(permissions: Permissions | null | undefined, resource: string, action: string, context: AccessContext = {}): boolean {
  return accessRefusal(permissions, resource, action, context) === null;
}

/** Every action the table names for a resource (for tests and docs). */
export function actionsOf(resource: ResourceName): string[] {
  return Object.keys(ACCESS[resource]);
}
