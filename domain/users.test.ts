import { describe, expect, it } from 'vitest';
import { grantedKeys, permissionsFrom, PERMISSION_KEYS, type PermissionKey } from './permissions';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { grantableRoles, grantRefusal, notGrantableKeys, outOfScopeKeys, permissionGroups, userActionsFor, userRefusal, userStateRefusal, type UserManager } from './users';

const referent: UserManager = { userId: 'rita', role: 'REFERENT', permissions: permissionsFrom(['management', 'ticketing', 'report']), isProvider: false };
const carla = { id: 'carla', role: 'OPERATOR', permissions: permissionsFrom(['ticketing']), inProvider: false };

describe('grantRefusal', () => {
  it('lets a referent give a colleague a subset of their own flags', () => {
    expect(grantRefusal(referent, carla, { role: 'OPERATOR', permissions: ['ticketing', 'report'] })).toBeNull();
    expect(grantRefusal(referent, { ...carla, id: null }, { role: 'REFERENT', permissions: ['management'] })).toBeNull();
  });

  it('names the flags the actor does not hold, granted or taken away', () => {
    expect(grantRefusal(referent, carla, { role: 'OPERATOR', permissions: ['ticketing', 'square.codes', 'privative.orders'] })).toEqual({
      code: 'PERMISSION_NOT_GRANTABLE',
      notGrantable: ['privative.orders', 'square.codes'],
    });
    const withOrders = { ...carla, permissions: permissionsFrom(['ticketing', 'privative.orders']) };
    expect(notGrantableKeys(referent, withOrders.permissions, ['ticketing'])).toEqual(['privative.orders']);
    // a user who holds a flag the actor lacks is out of scope altogether (issue 37), even when the flag would stay
    expect(grantRefusal(referent, withOrders, { role: 'OPERATOR', permissions: ['ticketing', 'privative.orders', 'report'] })).toEqual({ code: 'USER_OUT_OF_SCOPE', outOfScope: ['privative.orders'] });
  });

  it('keeps the own flags and role untouchable', () => {
    const self = { id: 'rita', role: 'REFERENT', permissions: referent.permissions, inProvider: false };
    expect(grantRefusal(referent, self, { role: 'REFERENT', permissions: ['management'] })).toEqual({ code: 'OWN_PERMISSIONS' });
    expect(grantRefusal(referent, self, { role: 'OPERATOR', permissions: ['management', 'report', 'ticketing'] })).toEqual({ code: 'OWN_PERMISSIONS' });
    expect(grantRefusal(referent, self, { role: 'REFERENT', permissions: ['management', 'report', 'ticketing'] })).toBeNull();
  });

  it('refuses roles above the actor and ADMIN outside the provider', () => {
    expect(grantRefusal(referent, carla, { role: 'ADMIN', permissions: ['ticketing'] })).toEqual({ code: 'ROLE_NOT_GRANTABLE' });
    const admin: UserManager = { userId: 'anna', role: 'ADMIN', permissions: permissionsFrom([...PERMISSION_KEYS]), isProvider: true };
    expect(grantRefusal(admin, carla, { role: 'ADMIN', permissions: ['ticketing'] })).toEqual({ code: 'ROLE_NOT_GRANTABLE' });
    expect(grantRefusal(admin, { ...carla, inProvider: true }, { role: 'ADMIN', permissions: ['ticketing'] })).toBeNull();
    expect(grantRefusal(referent, { ...carla, role: 'ADMIN' }, { role: 'ADMIN', permissions: ['ticketing'] })).toEqual({ code: 'ROLE_NOT_GRANTABLE' });
    expect(grantableRoles(referent, false)).toEqual(['REFERENT', 'OPERATOR']);
    expect(grantableRoles(admin, true)).toEqual(['ADMIN', 'REFERENT', 'OPERATOR']);
  });
});

describe('out of scope users (issue 37)', () => {
  const demo = (email: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
    return { id: email, role: account.role, permissions: account.permissions, inProvider: account.companyCode === 'TESSERA' };
  };
  const manager = (email: string): UserManager => ({ userId: email, role: demo(email).role, permissions: demo(email).permissions, isProvider: demo(email).inProvider });
  const rita = manager('referent@acme.test');
  const anna = manager('admin@tessera.test');
  const oscar = demo('operator@acme.test');
  const oscarsGrant = { role: 'OPERATOR', permissions: ['ticketing'] as PermissionKey[] };

  it('names the flags the user holds and the actor does not, in table order; none for oneself or a subset', () => {
    expect(outOfScopeKeys(rita, oscar)).toEqual(['privative.orders', 'square.orders', 'square.codes', 'square.communications']);
    expect(outOfScopeKeys(rita, demo('disabled@acme.test'))).toEqual(['privative.orders', 'square.orders', 'square.codes', 'square.communications']);
    expect(outOfScopeKeys(rita, demo('referent@acme.test'))).toEqual([]);
    expect(outOfScopeKeys(rita, carla)).toEqual([]);
    expect(outOfScopeKeys(rita, { permissions: null })).toEqual([]);
    // provider staff are not exempt: only the flags they hold count
    const staffWithout: UserManager = { ...anna, permissions: permissionsFrom(['management', 'ticketing']) };
    expect(outOfScopeKeys(staffWithout, carla)).toEqual([]);
    expect(outOfScopeKeys(staffWithout, oscar)).toContain('square.orders');
    expect(outOfScopeKeys(anna, oscar)).toEqual([]);
  });

  it('refuses any change to such a user, even one that keeps their flags or touches only their data or e-mail', () => {
    const same = { role: 'OPERATOR', permissions: grantedKeys(oscar.permissions) };
    expect(grantRefusal(rita, oscar, same)).toEqual({ code: 'USER_OUT_OF_SCOPE', outOfScope: ['privative.orders', 'square.orders', 'square.codes', 'square.communications'] });
    expect(userRefusal(rita, oscar)).toEqual({ code: 'USER_OUT_OF_SCOPE', outOfScope: ['privative.orders', 'square.orders', 'square.codes', 'square.communications'] });
    expect(grantRefusal(anna, oscar, same)).toBeNull();
    expect(grantRefusal(anna, oscar, oscarsGrant)).toBeNull();
    // a user ranking above stays ROLE_NOT_GRANTABLE; creating a user is not about scope
    expect(userRefusal(rita, { role: 'ADMIN', permissions: {} })).toEqual({ code: 'ROLE_NOT_GRANTABLE' });
    expect(grantRefusal(rita, { ...oscar, id: null, permissions: {} }, { role: 'OPERATOR', permissions: ['ticketing'] })).toBeNull();
    expect(userRefusal(rita, carla)).toBeNull();
  });

  it('keeps oneself as before: own data editable, own role and flags not', () => {
    const self = demo('referent@acme.test');
    expect(grantRefusal(rita, { ...self, id: rita.userId }, { role: 'REFERENT', permissions: grantedKeys(self.permissions) })).toBeNull();
    expect(grantRefusal(rita, { ...self, id: rita.userId }, { role: 'OPERATOR', permissions: grantedKeys(self.permissions) })).toEqual({ code: 'OWN_PERMISSIONS' });
    expect(userActionsFor(rita, { id: rita.userId, role: 'REFERENT', status: 'ACTIVE', permissions: self.permissions })).toEqual(['edit']);
  });

  it("offers nothing on such a user's record, whatever their state", () => {
    for (const status of ['ACTIVE', 'DISABLED', 'PENDING_ACTIVATION'] as const) {
      expect(userActionsFor(rita, { id: 'oscar', role: 'OPERATOR', status, permissions: oscar.permissions })).toEqual([]);
    }
    expect(userActionsFor(anna, { id: 'oscar', role: 'OPERATOR', status: 'DISABLED', permissions: oscar.permissions })).toEqual(['edit', 'enable']);
  });
});

describe('user actions', () => {
  it('offers by state, never disabling oneself, nothing on a user above', () => {
    const ticketing = permissionsFrom(['ticketing']);
    expect(userActionsFor(referent, { id: 'carla', role: 'OPERATOR', status: 'PENDING_ACTIVATION', permissions: ticketing })).toEqual(['edit', 'disable', 'resendActivation']);
    expect(userActionsFor(referent, { id: 'carla', role: 'OPERATOR', status: 'DISABLED', permissions: ticketing })).toEqual(['edit', 'enable']);
    expect(userActionsFor(referent, { id: 'rita', role: 'REFERENT', status: 'ACTIVE', permissions: referent.permissions })).toEqual(['edit']);
    expect(userActionsFor(referent, { id: 'anna', role: 'ADMIN', status: 'ACTIVE', permissions: ticketing })).toEqual([]);
    expect(userStateRefusal('enable', 'ACTIVE')).toBe('USER_STATE_INVALID');
    expect(userStateRefusal('resendActivation', 'PENDING_ACTIVATION')).toBeNull();
  });

  it('groups every permission key once for the checklist', () => {
    const groups = permissionGroups();
    expect(groups.flatMap((g) => g.keys).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(groups.map((g) => g.group)).toEqual(['privative', 'general', 'reloadable', 'square', 'powerBi']);
  });
});
