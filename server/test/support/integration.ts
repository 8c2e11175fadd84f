import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiKeyCreateBody, ApiKeyCreated } from '../../../domain/integration';
import type { Driver } from '../../db/client';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../app';
import { login } from '../auth';
import { addCompany, addStore, caller, companyIdOf, userWith } from '../builders';
import { addCard, addTypology } from './giftcards';
import { INTEGRATION_PREFIX } from '../../modules/integration-api/plugin';

/** Builders of the integration tests: Acme with a key manager, a till store, cards, keys, calls with a key. */

export interface IntegrationWorld {
  t: TestApp;
  /** Acme's user with `management` and the gift-card flags every scope needs */
  manager: string;
  managerId: string;
  /** Rita, Acme's referent: `management` and the gift-card flags, without privative.orders */
  referent: string;
  /** provider staff */
  admin: string;
  acmeId: string;
  otherId: string;
  typologyId: string;
  /** Acme's till store ACME-T1 (and ACME-T2 beside it); another company's store */
  tillStoreId: string;
  otherStoreId: string;
  call: ReturnType<typeof caller>;
  /** a back-office key of Acme made by the manager (201 expected) */
  key(body?: Partial<ApiKeyCreateBody>, token?: string): Promise<ApiKeyCreated>;
  createKey(body: Partial<ApiKeyCreateBody>, token?: string): Promise<LightMyRequestResponse>;
  card(balanceCents?: number, companyId?: string, status?: 'ACTIVE' | 'NOT_ACTIVE'): Promise<{ id: string; code: string }>;
  /** an integration call with a key (and an Idempotency-Key when given) */
  api(key: string | null, path: string, payload: unknown, idempotencyKey?: string, app?: TestApp): Promise<LightMyRequestResponse>;
}

let nextKey = 0;
/** A fresh Idempotency-Key per call site. */
export const idem = () => `till-${Date.now()}-${++nextKey}`;

export async function integrationWorld(driver: Driver, env: Record<string, string> = {}): Promise<IntegrationWorld> {
  const t = await createTestApp(driver, { env });
  const db = t.db.db;
  const acmeId = await companyIdOf(db, 'ACME');
  const tesseraId = await companyIdOf(db, 'TESSERA');
  const otherId = await addCompany(db, `OTHER-${Math.random().toString(36).slice(2, 7).toUpperCase()}`, tesseraId);
  const managerEmail = `keys-${Math.random().toString(36).slice(2, 8)}@acme.test`;
  const manager = await userWith(t.app, db, managerEmail, acmeId, [
    'management',
    'privative.management.read',
    'privative.management.searchByCode',
    'privative.transactions',
  ]);
  const call = caller(t.app);
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, managerEmail));
  const tillStoreId = await addStore(db, acmeId, 'ACME-T1', true);
  await addStore(db, acmeId, 'ACME-T2');
  const otherStoreId = await addStore(db, otherId, 'OTHER-T1', true);
  const w: IntegrationWorld = {
    t,
    manager,
    managerId: me.id,
    referent: (await login(t.app, 'referent@acme.test')).accessToken,
    admin: (await login(t.app, 'admin@tessera.test')).accessToken,
    acmeId,
    otherId,
    typologyId: await addTypology(db),
    tillStoreId,
    otherStoreId,
    call,
    createKey: (body, token = manager) => call(token, 'POST', `/api/company/${acmeId}/api-keys`, { name: 'Till 1', scopes: ['giftcards.balance', 'giftcards.move'], ...body }),
    async key(body = {}, token = manager) {
      const answer = await w.createKey(body, token);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<ApiKeyCreated>();
    },
    card: (balanceCents = 5000, companyId = acmeId, status = 'ACTIVE') => addCard(db, { companyId, typologyId: w.typologyId, balanceCents, status }),
    api: (key, path, payload, idempotencyKey, app = t) =>
      app.app.inject({
        method: 'POST',
        url: `${INTEGRATION_PREFIX}${path}`,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        payload: payload as object,
      }),
  };
  return w;
}
