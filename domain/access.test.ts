import { describe, expect, it } from 'vitest';
import { ACCESS, accessRefusal, accessRule, actionsOf, canAccess, RESOURCE_NAMES, type ResourceName } from './access';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { grantedKeys, hasAnyPermission, PERMISSION_KEYS, type Permissions } from './permissions';

const account = (email: string) => DEMO_ACCOUNTS.find((candidate) => candidate.email === email)!.permissions;

/**
 * What each of the four demo permission sets may do, resource by resource: the expected table,
 * written out so a change to domain/access.ts that widens or narrows access shows up here.
 */
const OPERATOR_ALLOWED: Partial<Record<ResourceName, string[]>> = {
  'privative/giftcards': ['list', 'show', 'export', 'reload', 'bulk', 'consume', 'freeze'],
  'privative/giftcards-search': ['list', 'search'],
  'privative/giftcard-transactions': ['list'],
  'privative/transactions': ['list', 'unfreeze', 'return', 'cancel'],
  'privative/stores': ['list', 'show', 'create', 'edit', 'delete', 'import'],
  'privative/typologies': ['list', 'show'],
  'privative-orders/orders': [
    'list',
    'show',
    'create',
    'edit',
    'delete',
    'export',
    'confirm',
    'activate',
    'cancel',
    'editExpiry',
    'resendConfirmation',
    'delivered',
    'codes',
  ],
  'privative-orders/order-cards': ['list'],
  'privative-orders/history': ['list'],
  'privative-orders/integrated-orders': ['list', 'show', 'export'],
  tickets: ['list', 'show', 'create', 'reply', 'reopen', 'delete', 'download'],
  'tickets/categories': ['list', 'show'],
  report: ['list', 'create', 'download'],
  'report/types': ['list'],
  // approval is provider staff's, whatever flags a customer's user holds
  'square/orders': ['list', 'show', 'create', 'validate', 'template', 'delete', 'confirm', 'activate', 'cancel', 'export'],
  'square/codes': ['list', 'show'],
  'square/communications': ['list', 'resend'],
};

const RELOADS_OPERATOR_ALLOWED: Partial<Record<ResourceName, string[]>> = {
  'reloadables/wallet': ['list', 'export'],
  'reloadables/cards': ['list', 'show', 'lock', 'unlock', 'reload', 'linkCompany', 'clientId', 'bulk'],
  'reloadables/card-history': ['list'],
  'reloadables/users': ['list', 'show'],
  'reloadables/reloads': ['list', 'show', 'create', 'validate', 'template', 'delete'],
  'reloadables/reload-rows': ['list'],
  'reloadables/queue-reloads': ['list', 'delete'],
  'reloadables/reloads-history': ['list', 'show', 'export'],
  'reloadables/notifications': ['list', 'show', 'edit'],
  tickets: ['list', 'show', 'create', 'reply', 'reopen', 'delete', 'download'],
  'tickets/categories': ['list', 'show'],
};

const PARENT_REFERENT_ALLOWED: Partial<Record<ResourceName, string[]>> = {
  ...RELOADS_OPERATOR_ALLOWED,
  'reloadables/walletSubCompanies': ['list', 'show', 'transfer'],
  'reloadables/walletSubCompanies-movements': ['list', 'export'],
  // she runs the tills' keys (issue 22): the money moves and the search by code are hers
  'privative/giftcards': ['list', 'show', 'export', 'reload', 'bulk', 'consume', 'freeze'],
  'privative/giftcards-search': ['list', 'search'],
  'privative/transactions': ['list', 'unfreeze', 'return', 'cancel'],
  'privative/giftcard-transactions': ['list'],
  'privative/stores': ['list', 'show', 'create', 'edit', 'delete', 'import'],
  'privative/typologies': ['list', 'show'],
  'privative-orders/companies': ['list', 'show', 'create', 'edit', 'delete', 'logo'],
  'privative-orders/operators': ['list', 'show', 'create', 'edit', 'delete'],
  report: ['list', 'create', 'download'],
  'report/types': ['list'],
  users: ['list', 'show', 'create', 'edit', 'disable', 'enable', 'resendActivation'],
  dashboard: ['list'],
  // issue 22: the management flag's (the audit service narrows it to the referent's subtree)
  'api-keys': ['list', 'create', 'revoke'],
  audit: ['list', 'show', 'export'],
};

describe('access table: every resource × action × the demo permission sets', () => {
  const sets: [string, Permissions, (resource: ResourceName, action: string) => boolean][] = [
    ['admin (provider staff)', account('admin@tessera.test'), () => true],
    ['operator of Acme', account('operator@acme.test'), (resource, action) => OPERATOR_ALLOWED[resource]?.includes(action) ?? false],
    ['no-access user', account('noaccess@acme.test'), () => false],
    // disabled cannot sign in; its flags are the operator's, and the table must not care about status
    ['disabled user', account('disabled@acme.test'), (resource, action) => OPERATOR_ALLOWED[resource]?.includes(action) ?? false],
    ['referent of Acme (parent company)', account('referent@acme.test'), (resource, action) => PARENT_REFERENT_ALLOWED[resource]?.includes(action) ?? false],
    ['reloads operator of Acme Nord', account('operator@acme-nord.test'), (resource, action) => RELOADS_OPERATOR_ALLOWED[resource]?.includes(action) ?? false],
  ];

  for (const [who, permissions, expected] of sets) {
    it(`answers as expected for ${who}`, () => {
      const wrong: string[] = [];
      for (const resource of RESOURCE_NAMES) {
        for (const action of actionsOf(resource)) {
          // only the admin is provider staff; Rita is Acme's referent (its contact user)
          const context = { isProvider: permissions === account('admin@tessera.test'), isReferent: permissions === account('referent@acme.test') };
          if (canAccess(permissions, resource, action, context) !== expected(resource, action)) wrong.push(`${resource}:${action}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("keeps provider staff's entries from a customer's user holding every flag", () => {
    const all = account('admin@tessera.test');
    expect(accessRefusal(all, 'square/orders', 'approve', { isProvider: false })).toBe('PROVIDER_STAFF_ONLY');
    expect(accessRefusal(all, 'square/orders', 'approve', { isProvider: true })).toBeNull();
    expect(accessRefusal({}, 'square/orders', 'approve', { isProvider: true })).toBe('FORBIDDEN');
    expect(accessRefusal(all, 'square/orders', 'confirm')).toBeNull();
  });

  it("opens the audit trail to provider staff and a company's referent holding the flag, no other manager", () => {
    const manager = account('referent@acme.test');
    expect(accessRefusal(manager, 'audit', 'list', { isReferent: true })).toBeNull();
    expect(accessRefusal(manager, 'audit', 'list', { isReferent: false })).toBe('FORBIDDEN');
    expect(accessRefusal(manager, 'audit', 'list', { isProvider: true })).toBeNull();
    expect(accessRefusal({}, 'audit', 'list', { isReferent: true })).toBe('FORBIDDEN');
  });

  it('denies an unknown resource or action whatever the permissions', () => {
    const all = account('admin@tessera.test');
    expect(canAccess(all, 'privative/unknown', 'list')).toBe(false);
    expect(canAccess(all, 'privative/giftcards', 'purge')).toBe(false);
    expect(canAccess(all, 'privative/giftcards', 'constructor')).toBe(false);
    expect(canAccess(all, '__proto__', 'list')).toBe(false);
    expect(accessRule('privative/giftcards', 'toString')).toBeNull();
  });

  it('denies everything to missing or empty permissions', () => {
    for (const resource of RESOURCE_NAMES) {
      for (const action of actionsOf(resource)) {
        expect(canAccess(null, resource, action)).toBe(false);
        expect(canAccess({}, resource, action)).toBe(false);
      }
    }
  });

  it('names only real permission flags, and every flag opens something', () => {
    const used = new Set(Object.values(ACCESS).flatMap((rules) => Object.values(rules).flatMap((rule) => rule.anyOf)));
    for (const key of used) expect(PERMISSION_KEYS).toContain(key);
    for (const key of PERMISSION_KEYS) expect(used.has(key), key).toBe(true);
  });

  it('grants a single flag exactly the entries that name it', () => {
    for (const key of PERMISSION_KEYS) {
      const permissions = { [key.split('.')[0]]: key.includes('.') ? { [key.split('.')[1]]: key.split('.')[2] ? { [key.split('.')[2]]: true } : true } : true } as Permissions;
      expect(grantedKeys(permissions)).toEqual([key]);
      for (const resource of RESOURCE_NAMES) {
        for (const action of actionsOf(resource)) {
          const rule = accessRule(resource, action)!;
          expect(canAccess(permissions, resource, action, { isProvider: true })).toBe(hasAnyPermission(permissions, rule.anyOf));
          expect(canAccess(permissions, resource, action)).toBe(!rule.staff && hasAnyPermission(permissions, rule.anyOf));
        }
      }
    }
  });
});
