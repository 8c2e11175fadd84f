import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, grantedKeys, permissionsFrom } from './permissions';
import { CUSTOMER_OPERATOR_PERMISSION_KEYS, CUSTOMER_REFERENT_PERMISSION_KEYS, defaultPermissionsFor } from './roles';

describe('default permissions of new users', () => {
  it('gives provider-created referents and operators their default sets', () => {
    expect(grantedKeys(defaultPermissionsFor('REFERENT', ALL_PERMISSIONS))).toEqual([...CUSTOMER_REFERENT_PERMISSION_KEYS].sort(byOrder));
    expect(grantedKeys(defaultPermissionsFor('OPERATOR', ALL_PERMISSIONS))).toEqual([...CUSTOMER_OPERATOR_PERMISSION_KEYS].sort(byOrder));
    expect(defaultPermissionsFor('OPERATOR', ALL_PERMISSIONS).privative?.batches).toBeUndefined();
  });

  it('never grants a flag the creator does not hold', () => {
    const creator = permissionsFrom(['privative.companies', 'privative.stores', 'powerBi.reportBase']);
    expect(grantedKeys(defaultPermissionsFor('REFERENT', creator))).toEqual(['privative.stores', 'privative.companies']);
  });
});

const ORDER = grantedKeys(ALL_PERMISSIONS);
function byOrder(a: string, b: string) {
  return ORDER.indexOf(a as never) - ORDER.indexOf(b as never);
}
