import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login } from '../../test/auth';
import { CONCURRENT_DRIVERS } from '../../test/db';
import { companyId } from '../companies/test-support';

// Real concurrency only exists on PostgreSQL (PGlite serializes everything).
describe.each(CONCURRENT_DRIVERS)('stores under concurrency (%s)', (driver) => {
  let t: TestApp;
  let acme: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    acme = await companyId(t.db.db, 'ACME');
    token = (await login(t.app, 'operator@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it('stores created as default at the same time all succeed and leave exactly one default', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/company/${acme}/stores`,
          headers: bearer(token),
          payload: { code: `RACE-${i}`, name: `Race ${i}`, storeCategoryId: 'RETAIL', defaultActivationStore: true },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const defaults = await t.db.db.select().from(stores).where(and(eq(stores.companyId, acme), eq(stores.isDefaultActivation, true)));
    expect(defaults).toHaveLength(1);
  });

  it('the same code sent twice at once is created once; the other answer is DUPLICATE_CODE', async () => {
    const results = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({ method: 'POST', url: `/api/company/${acme}/stores`, headers: bearer(token), payload: { code: 'TWIN', name: 'Twin', storeCategoryId: 'RETAIL' } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.message).toBe('DUPLICATE_CODE');
  });
});
