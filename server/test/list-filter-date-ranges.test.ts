import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { login } from './auth';
import { caller, q } from './builders';
import { DRIVERS } from './db';
import { documentOperations, type Operation } from './openapi-walk';

/**
 * Issue 43: a list filter whose day range starts after it ends is a 400 naming the "to" filter
 * (`validation.dateRange`, the reports' rule: refineDateRanges), never "0 results". Generated: every
 * list route of the OpenAPI document (a GET with a `filter` under /api/company/{companyId}) is asked
 * with every from/to pair any list filter declares; a route that takes the pair (a one-day range is
 * answered, where an unknown key is refused) must refuse it reversed. server/test/date-ranges.test.ts keeps its table of routes with
 * other path ids; this one finds the lists by itself, so a new list cannot forget the rule.
 */
const PAIRS = [
  ['dateFrom', 'dateTo'],
  ['createdFrom', 'createdTo'],
  ['activationFrom', 'activationTo'],
  ['expiryFrom', 'expiryTo'],
  ['scheduledFrom', 'scheduledTo'],
] as const;
const LATER = '2026-03-02';
const EARLIER = '2026-03-01';

const isCompanyList = (op: Operation) =>
  op.method === 'GET' && op.parameters.some((param) => param.in === 'query' && param.name === 'filter') && op.parameters.filter((param) => param.in === 'path').every((param) => param.name === 'companyId');

describe.each(DRIVERS)('list filters: a day range whose start is after its end (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;
  let company: string;
  let lists: Operation[];

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    // provider staff: every permission
    const session = await login(t.app, 'admin@tessera.test');
    token = session.accessToken;
    company = session.companyId;
    lists = (await documentOperations(t.app)).filter(isCompanyList);
  });
  afterAll(() => t.close());

  const url = (op: Operation, filter: object) => `${op.path.replace('{companyId}', company)}?filter=${q(filter)}`;

  it('every list that takes a day range refuses it reversed, on its "to" filter', async () => {
    const covered: string[] = [];
    const accepted: string[] = [];
    for (const op of lists) {
      // a list that reads no filter (the six report types come whole) takes any key: not a filtered list
      if ((await call(token, 'GET', url(op, { noSuchFilter: EARLIER }))).statusCode !== 400) continue;
      for (const [from, to] of PAIRS) {
        const oneDay = await call(token, 'GET', url(op, { [from]: EARLIER, [to]: EARLIER }));
        // a filter without this pair refuses its keys (strict schemas): not a list of this pair
        if (oneDay.statusCode === 400) continue;
        covered.push(`${op.path} ${from}/${to}`);
        const reversed = await call(token, 'GET', url(op, { [from]: LATER, [to]: EARLIER }));
        if (reversed.statusCode !== 400 || reversed.json().errors?.[to] !== 'validation.dateRange') accepted.push(`${op.path} ${from}/${to}: ${reversed.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
    // the tickets list and the others with date filters are among them
    expect(covered).toEqual(expect.arrayContaining([expect.stringMatching(/\/tickets createdFrom\/createdTo$/), expect.stringMatching(/\/giftcard\/orders dateFrom\/dateTo$/), expect.stringMatching(/\/audit.* dateFrom\/dateTo$/)]));
    console.info(`date ranges checked: ${covered.length}\n${covered.join('\n')}`);
  });

  it('the tickets list: 31/02 names its filter, and a reversed range names createdTo', async () => {
    const tickets = `/api/company/${company}/tickets`;
    const impossible = await call(token, 'GET', `${tickets}?filter=${q({ createdFrom: '2026-02-31' })}`);
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { createdFrom: 'validation.invalid' } });
    const reversed = await call(token, 'GET', `${tickets}?filter=${q({ createdFrom: LATER, createdTo: EARLIER })}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { createdTo: 'validation.dateRange' } });
  });
});
