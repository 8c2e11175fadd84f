import { describe, expect, it } from 'vitest';
import { permissionsFrom, PERMISSION_KEYS } from './permissions';
import { grantableRoles, grantRefusal, notGrantableKeys, permissionGroups, userActionsFor, userStateRefusal, type UserManager } from './users';

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
    // a flag the actor lacks but the user keeps is no change
    expect(grantRefusal(referent, withOrders, { role: 'OPERATOR', permissions: ['ticketing', 'privative.orders', 'report'] })).toBeNull();
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

describe('user actions', () => {
  it('offers by state, never disabling oneself, nothing on a user above', () => {
    expect(userActionsFor(referent, { id: 'carla', role: 'OPERATOR', status: 'PENDING_ACTIVATION' })).toEqual(['edit', 'disable', 'resendActivation']);
    expect(userActionsFor(referent, { id: 'carla', role: 'OPERATOR', status: 'DISABLED' })).toEqual(['edit', 'enable']);
    expect(userActionsFor(referent, { id: 'rita', role: 'REFERENT', status: 'ACTIVE' })).toEqual(['edit']);
    expect(userActionsFor(referent, { id: 'anna', role: 'ADMIN', status: 'ACTIVE' })).toEqual([]);
    expect(userStateRefusal('enable', 'ACTIVE')).toBe('USER_STATE_INVALID');
    expect(userStateRefusal('resendActivation', 'PENDING_ACTIVATION')).toBeNull();
  });

  it('groups every permission key once for the checklist', () => {
    const groups = permissionGroups();
    expect(groups.flatMap((g) => g.keys).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(groups.map((g) => g.group)).toEqual(['privative', 'general', 'reloadable', 'square', 'powerBi']);
  });
});
