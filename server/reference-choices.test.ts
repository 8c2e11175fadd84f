import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess } from '../domain/access';
import { DEMO_ACCOUNTS } from '../domain/demoAccounts';
import type { Session } from '../domain/schemas/auth';
import { storeSession } from '../src/dataProvider/session';
import { referenceChoicesParams } from '../src/components/referenceChoices';
import { createDataProvider } from '../src/dataProvider/dataProvider';
import { createHttpClient } from '../src/dataProvider/httpClient';
import { DECLARED_REFERENCES } from '../src/test/declarations';
import { createTestApp, type TestApp } from './test/app';
import { seedDemoData } from './seed/demo';
import { login } from './test/auth';
import { injectFetch } from './test/inject-fetch';

/** The browser's storages, where the SPA's session lives (none in node). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}
globalThis.localStorage = new MemoryStorage();
globalThis.sessionStorage = new MemoryStorage();

/**
 * Every reference the product declares (the walk of domain/ in src/test/declarations.ts: schema
 * reference fields and the store pickers' reference) asks for its choices with the very request
 * the SPA's reference input makes (`referenceChoicesParams`, which ReferenceChoicesInput uses and
 * src/components/ReferenceChoicesInput.test.tsx checks against what it really sends), through the
 * SPA's own dataProvider (resource → API path, ra-data-simple-rest's query) to the real API on
 * PGlite (the demo runs this same API in the browser). Each signed-in demo account that may list the target
 * (domain/access.ts) gets 200 and at least one choice, and the record of a choice by id (the
 * ReferenceField that names the value); an account that may not is refused with 403, which is
 * why the SPA does not show it the input.
 */
const ACCOUNTS = DEMO_ACCOUNTS.filter((a) => a.status === 'ACTIVE' && Object.keys(a.permissions).length > 0);
const cases = DECLARED_REFERENCES.flatMap((declared) => ACCOUNTS.map((account) => [declared.name, account.email, declared, account] as const));

describe('reference choices against the real API', () => {
  let t: TestApp;
  const sessions = new Map<string, Session>();

  const dataProvider = createDataProvider(createHttpClient({ fetch: injectFetch(() => t.app), onSessionEnd: () => undefined }));

  beforeAll(async () => {
    // the server's demo data with its catalog and stores (what `npm start` loads, orders aside)
    t = await createTestApp('pglite', { seed: false });
    await seedDemoData(t.db.db, { giftcards: true });
    for (const account of ACCOUNTS) sessions.set(account.email, await login(t.app, account.email));
  });
  afterAll(() => t?.close());

  it('walks every declared reference for every signed-in account', () => {
    expect(DECLARED_REFERENCES.length).toBeGreaterThanOrEqual(4);
    expect(ACCOUNTS.length).toBeGreaterThanOrEqual(4);
  });

  it.each(cases)('%s as %s', async (_name, _email, { reference }, account) => {
    const params = referenceChoicesParams(reference);
    const allowed = canAccess(account.permissions, reference.resource, 'list');

    // the real API, through the SPA's dataProvider
    localStorage.clear();
    sessionStorage.clear();
    storeSession(sessions.get(account.email)!);
    const api = await dataProvider.getList(reference.resource, params).then(
      (result) => ({ status: 200, result }),
      (error: { status?: number }) => ({ status: error.status, result: null }),
    );

    if (!allowed) {
      expect(api.status, 'API').toBe(403);
      return;
    }
    expect(api.status, 'API').toBe(200);
    expect(api.result!.data.length, 'API choices').toBeGreaterThan(0);
    expect(api.result!.data[0]).toHaveProperty(reference.optionText);

    // the chosen value named again (ReferenceField, the filter chip): getMany by id
    localStorage.clear();
    storeSession(sessions.get(account.email)!);
    const first = api.result!.data[0];
    const many = await dataProvider.getMany(reference.resource, { ids: [first.id] });
    expect(many.data.map((r) => r.id)).toEqual([first.id]);
  });
});
