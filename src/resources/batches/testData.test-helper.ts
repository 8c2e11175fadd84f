import { http, HttpResponse } from 'msw';
import type { Batch } from '../../../domain/catalog';
import { servedConfiguration, userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';

export const BATCHES_API = '/api/company/company-1/giftcard/batches';
export const TYPOLOGIES_API = '/api/company/company-1/giftcard/typologies';
export const BATCH_ID = '00000000-0000-4000-8b00-000000000001';

export function batch(overrides: Partial<Batch> = {}): Batch {
  return {
    id: BATCH_ID,
    companyId: 'company-1',
    createdAt: '2026-03-01T09:30:00.000Z',
    updatedAt: '2026-03-01T09:30:00.000Z',
    typologyId: '00000000-0000-4000-8500-000000000001',
    typologyName: 'Gift Card 25 €',
    typologyType: 'PHYSICAL',
    valueCents: 2500,
    status: 'COMPLETED',
    archiveStatus: null,
    quantity: 10000,
    orderReference: 'PO-1',
    lotNumber: 'LOT-1',
    progressiveFrom: 1,
    progressiveTo: 10000,
    userName: 'Anna Admin',
    expireDate: '2027-12-31',
    generatedCount: 10000,
    activationCount: 0,
    archiveCount: 0,
    activated: false,
    errorMessage: null,
    ...overrides,
  };
}

/** The signed-in user's configuration: provider staff (may make and activate batches) or a customer's user. */
export function serveConfiguration(provider: boolean) {
  const configuration = servedConfiguration(userConfiguration(['privative.batches']), provider);
  server.use(http.get('/api/user/configuration', () => HttpResponse.json(configuration)));
}

export const page = (rows: Batch[], total: string | number = rows.length) =>
  HttpResponse.json(rows, { headers: { 'Content-Range': `batches 0-${Math.max(0, rows.length - 1)}/${total}`, 'Access-Control-Expose-Headers': 'Content-Range' } });
