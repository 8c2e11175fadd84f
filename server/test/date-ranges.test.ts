import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { login } from './auth';
import { DRIVERS } from './db';
import { caller, companyIdOf, q } from './builders';

/**
 * SPEC §5 "Date range: start date less than end date", issue 14: every route that takes a from/to
 * pair refuses a start after the end with a 400 field error on the "to" field
 * (`validation.dateRange`), instead of answering an empty list. One row per route and pair.
 */
const LATER = '2026-03-02';
const EARLIER = '2026-03-01';
const RUN_ID = '00000000-0000-4000-8000-000000000000';

const list = (path: string) => (filter: object) => `${path}?filter=${q(filter)}`;
const ROUTES: Array<[string, (ids: { company: string; sub: string }) => (filter: object) => string, string, string]> = [
  ['gift cards: activation', ({ company }) => list(`/api/company/${company}/giftcard/cards`), 'activationFrom', 'activationTo'],
  ['gift cards: expiry', ({ company }) => list(`/api/company/${company}/giftcard/cards`), 'expiryFrom', 'expiryTo'],
  ['gift cards count: activation', ({ company }) => list(`/api/company/${company}/giftcard/cards/count`), 'activationFrom', 'activationTo'],
  ['gift cards export: expiry', ({ company }) => list(`/api/company/${company}/giftcard/cards/export`), 'expiryFrom', 'expiryTo'],
  ['transactions', ({ company }) => list(`/api/company/${company}/giftcard/transactions`), 'dateFrom', 'dateTo'],
  ['orders', ({ company }) => list(`/api/company/${company}/giftcard/orders`), 'dateFrom', 'dateTo'],
  ['acquired orders', ({ company }) => list(`/api/company/${company}/giftcard/acquired-orders`), 'dateFrom', 'dateTo'],
  ['orders export', ({ company }) => list(`/api/company/${company}/giftcard/orders/export`), 'dateFrom', 'dateTo'],
  ['wallet movements', ({ company }) => list(`/api/company/${company}/reloadable/wallet/movements`), 'dateFrom', 'dateTo'],
  ['wallet movements export', ({ company }) => list(`/api/company/${company}/reloadable/wallet/movements/export`), 'dateFrom', 'dateTo'],
  ['sub-company wallet movements', ({ company, sub }) => list(`/api/company/${company}/reloadable/wallet/sub-companies/${sub}/movements`), 'dateFrom', 'dateTo'],
  ['sub-company wallet movements export', ({ company, sub }) => list(`/api/company/${company}/reloadable/wallet/sub-companies/${sub}/movements/export`), 'dateFrom', 'dateTo'],
  ['reload runs', ({ company }) => list(`/api/company/${company}/reloadable/reloads`), 'dateFrom', 'dateTo'],
  ['planned reloads (queue)', ({ company }) => list(`/api/company/${company}/reloadable/reloads/planned`), 'scheduledFrom', 'scheduledTo'],
  ['rows of a run', ({ company }) => list(`/api/company/${company}/reloadable/reloads/${RUN_ID}/rows`), 'scheduledFrom', 'scheduledTo'],
  ['reload history', ({ company }) => list(`/api/company/${company}/reloadable/reloads/history`), 'dateFrom', 'dateTo'],
  ['reload history export', ({ company }) => list(`/api/company/${company}/reloadable/reloads/history/export`), 'dateFrom', 'dateTo'],
];

describe.each(DRIVERS)('date ranges: a start after the end is refused (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;
  let ids: { company: string; sub: string };

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    // provider staff: every permission, and Acme is one of its sub-companies
    const session = await login(t.app, 'admin@tessera.test');
    token = session.accessToken;
    ids = { company: session.companyId, sub: await companyIdOf(t.db.db, 'ACME') };
  });
  afterAll(() => t.close());

  it.each(ROUTES)('%s', async (_name, url, from, to) => {
    const reversed = await call(token, 'GET', url(ids)({ [from]: LATER, [to]: EARLIER }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { [to]: 'validation.dateRange' } });
    // instants too, and a one-day range is a range
    expect((await call(token, 'GET', url(ids)({ [from]: `${LATER}T10:00:00.000Z`, [to]: `${LATER}T09:59:59.999Z` }))).json()).toMatchObject({ errors: { [to]: 'validation.dateRange' } });
    expect((await call(token, 'GET', url(ids)({ [from]: EARLIER, [to]: EARLIER }))).statusCode).not.toBe(400);
  });
  // a bulk action's filter (cardFilterSchema) is covered by server/modules/giftcards/bulk.test.ts
});
