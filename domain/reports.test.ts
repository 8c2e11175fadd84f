import { describe, expect, it } from 'vitest';
import { accessRule } from './access';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { ALL_PERMISSIONS, permissionsFrom, type PermissionKey } from './permissions';
import { canReadReportType, REPORT_TYPE_DEFINITIONS, REPORT_TYPES, reportTypesFor, type ReportTypeId } from './reports';

const account = (email: string) => DEMO_ACCOUNTS.find((candidate) => candidate.email === email)!.permissions;
const ids = (keys: PermissionKey[], isProvider = false) => reportTypesFor(permissionsFrom(keys), { isProvider }).map((definition) => definition.id);

describe('report types read the access table (issue 37)', () => {
  it('every type declares what it reads, each an entry the access table has', () => {
    for (const definition of REPORT_TYPE_DEFINITIONS) {
      expect(definition.reads.length, definition.id).toBeGreaterThan(0);
      for (const [resource, action] of definition.reads) expect(accessRule(resource, action), `${definition.id}: ${resource} ${action}`).not.toBeNull();
    }
  });

  it('the demo accounts: Rita lacks the square codes and the orders, Oscar the reloads (and the acquired orders), provider staff read all six', () => {
    expect(reportTypesFor(account('referent@acme.test')).map((definition) => definition.id)).toEqual(['outstanding-balances', 'giftcard-transactions', 'cards-by-state', 'reloads']);
    expect(reportTypesFor(account('operator@acme.test')).map((definition) => definition.id)).toEqual(['outstanding-balances', 'giftcard-transactions', 'cards-by-state', 'square-codes']);
    expect(reportTypesFor(ALL_PERMISSIONS, { isProvider: true }).map((definition) => definition.id)).toEqual([...REPORT_TYPES]);
    expect(reportTypesFor(account('noaccess@acme.test'))).toEqual([]);
  });

  it('the `report` flag alone reads no type: each needs its own areas', () => {
    expect(ids(['report'])).toEqual([]);
    expect(ids(['privative.management.read'])).toEqual(['outstanding-balances', 'cards-by-state']);
    expect(ids(['privative.transactions'])).toEqual(['giftcard-transactions']);
    // the dashboard's flags read no report
    expect(ids(['powerBi.reportBase', 'powerBi.reportPremium'])).toEqual([]);
  });

  it('a type needs EVERY area it reads, not one of them', () => {
    const cases: Array<[ReportTypeId, PermissionKey[], PermissionKey]> = [
      ['orders', ['privative.orders', 'privative.acquiredOrders'], 'privative.acquiredOrders'],
      ['orders', ['privative.orders', 'privative.acquiredOrders'], 'privative.orders'],
      ['reloads', ['reloadable.wallet', 'reloadable.reloads'], 'reloadable.wallet'],
      ['reloads', ['reloadable.wallet', 'reloadable.reloads'], 'reloadable.reloads'],
      ['square-codes', ['square.orders', 'square.codes', 'square.communications'], 'square.codes'],
      ['square-codes', ['square.orders', 'square.codes', 'square.communications'], 'square.communications'],
      ['square-codes', ['square.orders', 'square.codes', 'square.communications'], 'square.orders'],
    ];
    for (const [type, all, missing] of cases) {
      expect(canReadReportType(permissionsFrom(all), type), `${type} with all`).toBe(true);
      expect(canReadReportType(permissionsFrom(all.filter((key) => key !== missing)), type), `${type} without ${missing}`).toBe(false);
    }
  });

  it('an unknown type, or no permissions, reads nothing', () => {
    expect(canReadReportType(ALL_PERMISSIONS, 'nope', { isProvider: true })).toBe(false);
    expect(canReadReportType(null, 'cards-by-state')).toBe(false);
    expect(canReadReportType(undefined, 'cards-by-state')).toBe(false);
  });
});
