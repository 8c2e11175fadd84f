import { http, HttpResponse } from 'msw';
import type { ApiKey, ApiKeyCreated } from '../../../domain/integration';
import type { PermissionKey } from '../../../domain/permissions';
import { userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';

export const API = '/api/company/company-1/api-keys';

export const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  companyId: 'company-1',
  companyName: 'Acme',
  storeId: 'store-1',
  storeName: 'Duomo',
  name: 'Till 1',
  prefix: 'tk_live_ab12',
  scopes: ['giftcards.balance', 'giftcards.move'],
  state: 'active',
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'rita@acme.test',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: '2026-11-21T10:30:00.000Z',
  ...overrides,
});

export const created = (overrides: Partial<ApiKeyCreated> = {}): ApiKeyCreated => ({ ...apiKey({ id: 'key-9', name: 'Web shop', storeId: null, storeName: null, lastUsedAt: null, scopes: ['giftcards.balance'] }), key: 'tk_live_cd34.s3cr3t-0123456789abcdef', ...overrides });

/** A list answer as the API gives it (Content-Range with the total). */
export const listOf = (rows: unknown[]) => HttpResponse.json(rows, { headers: { 'Content-Range': `api-keys 0-${Math.max(0, rows.length - 1)}/${rows.length}` } });

export function serveConfiguration(permissions: PermissionKey[]) {
  server.use(http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(permissions))));
}
