import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, grantedKeys, hasPermission, PERMISSION_KEYS, permissionsFrom, permissionsSchema } from './permissions';

describe('permissions', () => {
  it('builds SPEC §3 shaped objects from flag keys', () => {
    expect(permissionsFrom(['privative.management.read', 'report'])).toEqual({
      privative: { management: { read: true } },
      report: true,
    });
  });

  it('grants only flags set to true', () => {
    expect(hasPermission({ report: false }, 'report')).toBe(false);
    expect(hasPermission({}, 'privative.management.read')).toBe(false);
    expect(hasPermission(null, 'report')).toBe(false);
    expect(hasPermission({ privative: { management: { read: true } } }, 'privative.management.read')).toBe(true);
  });

  it('has every flag in the full set', () => {
    expect(grantedKeys(ALL_PERMISSIONS)).toEqual([...PERMISSION_KEYS]);
  });

  it('rejects unknown keys', () => {
    expect(permissionsSchema.safeParse({ admin: true }).success).toBe(false);
    expect(permissionsSchema.safeParse({ privative: { everything: true } }).success).toBe(false);
  });
});
