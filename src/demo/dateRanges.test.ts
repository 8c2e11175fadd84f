import { describe, expect, it } from 'vitest';
import type { ReloadRun } from '../../domain/reloadables';
import { refusal, reloadableDemo } from './reloadables/test-support';

/**
 * The demo refuses a reversed date range the way the API does (server/test/date-ranges.test.ts):
 * 400 VALIDATION_ERROR with `validation.dateRange` on the "to" field, not an empty list.
 */
const LATER = '2026-03-02';
const EARLIER = '2026-03-01';

const ROUTES = [
  ['privative/giftcards', 'activationFrom', 'activationTo', {}],
  ['privative/giftcards', 'expiryFrom', 'expiryTo', {}],
  ['privative/transactions', 'dateFrom', 'dateTo', {}],
  ['privative-orders/orders', 'dateFrom', 'dateTo', {}],
  ['privative-orders/acquired-orders', 'dateFrom', 'dateTo', {}],
  ['reloadables/wallet', 'dateFrom', 'dateTo', { acme: true }],
  ['reloadables/walletSubCompanies-movements', 'dateFrom', 'dateTo', { sub: true }],
  ['reloadables/reloads', 'dateFrom', 'dateTo', { acme: true }],
  ['reloadables/reloads-history', 'dateFrom', 'dateTo', { acme: true }],
  ['reloadables/queue-reloads', 'scheduledFrom', 'scheduledTo', { acme: true }],
  ['reloadables/reload-rows', 'scheduledFrom', 'scheduledTo', { acme: true, run: true }],
] as const;

describe('demo date ranges', () => {
  it('every list with a from/to pair refuses a start after the end', async () => {
    // provider staff: every area; Acme and Acme Nord (the reloadable programme's runs) are below it
    const demo = await reloadableDemo('admin@tessera.test');
    const list = (resource: string, filter: Record<string, unknown>) => demo.dp.getList(resource, { pagination: { page: 1, perPage: 5 }, filter });
    demo.view('ACME-NORD');
    const runId = String((await demo.dp.getList<ReloadRun>('reloadables/reloads', { pagination: { page: 1, perPage: 1 }, filter: {} })).data[0].id);
    for (const [resource, from, to, where] of ROUTES) {
      const at: { acme?: boolean; sub?: boolean; run?: boolean } = where;
      demo.view(at.acme ? 'ACME-NORD' : 'TESSERA');
      const extra = { ...(at.sub ? { subCompanyId: demo.companyId('ACME') } : {}), ...(at.run ? { runId } : {}) };
      expect(await refusal(list(resource, { ...extra, [from]: LATER, [to]: EARLIER })), `${resource} ${from}/${to}`).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: { [to]: 'validation.dateRange' } });
      await expect(list(resource, { ...extra, [from]: EARLIER, [to]: EARLIER }), `${resource} one day`).resolves.toHaveProperty('data');
    }
  });
});
