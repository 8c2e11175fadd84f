import { http, HttpResponse } from 'msw';
import type { AuditRecord } from '../../../domain/audit';
import type { PermissionKey } from '../../../domain/permissions';
import { userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';

export const API = '/api/company/company-1/audit';
export const CARD_ID = '6f1c1d0e-0000-4000-8000-000000000001';

export const auditRecord = (overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  id: '101',
  occurredAt: '2026-11-20T09:15:00.000Z',
  actorType: 'user',
  actorId: 'user-7',
  actorLabel: 'rita@acme.test',
  companyId: 'company-1',
  companyName: 'Acme',
  origin: 'back_office',
  ip: '203.0.113.7',
  requestId: 'req-8f2a',
  entity: 'gift_cards',
  entityId: CARD_ID,
  action: 'update',
  operation: 'PATCH /api/company/:companyId/giftcard/cards/:id',
  changes: [
    { field: 'expireDate', before: '2026-12-31', after: '2027-06-30' },
    { field: 'balanceCents', before: 130050, after: 117550 },
    { field: 'note', before: null, after: 'extended' },
  ],
  ...overrides,
});

/** A keyset page as the API gives it: no total (`*`), the next page's cursor. */
export const pageOf = (rows: unknown[]) => HttpResponse.json(rows, { headers: { 'Content-Range': `audit 0-${Math.max(0, rows.length - 1)}/*`, 'Next-Cursor': 'c2' } });

export function serveConfiguration(permissions: PermissionKey[]) {
  server.use(http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(permissions))));
}
