import type { IntegratedOrderDetail, IntegratedOrderItem } from '../../../domain/integratedOrders';

export const INTEGRATED_ID = '1c000000-0000-4000-8000-000000000001';
export const CARD_ID = '9d000000-0000-4000-8000-000000000001';

export function integratedItem(overrides: Partial<IntegratedOrderItem> = {}): IntegratedOrderItem {
  return {
    id: 'item-1',
    position: 1,
    typologyId: '5a000000-0000-4000-8000-000000000001',
    productName: 'Digital Gift Card',
    externalItemId: 'LINE-1',
    denominationCents: 5000,
    priceCents: 4500,
    giftCardId: CARD_ID,
    serialNumber: 'GC-0000123',
    pinStatus: 'sent',
    activationEmail: 'anna@shop.test',
    ...overrides,
  };
}

export function integratedOrder(overrides: Partial<IntegratedOrderDetail> = {}): IntegratedOrderDetail {
  return {
    id: INTEGRATED_ID,
    companyId: 'company-1',
    companyName: 'Acme S.p.A.',
    orderNumber: 'WEB-1001',
    orderedAt: '2026-11-20T16:45:00.000Z',
    state: 'delivered',
    buyerEmail: 'buyer@shop.test',
    totalCents: 12500,
    itemCount: 3,
    productNames: ['Digital Gift Card'],
    apiKeyName: 'Web shop',
    errorCode: null,
    createdAt: '2026-11-20T16:45:01.000Z',
    items: [
      integratedItem(),
      integratedItem({ id: 'item-2', position: 2, externalItemId: 'LINE-2', serialNumber: 'GC-0000124', giftCardId: '9d000000-0000-4000-8000-000000000002', pinStatus: 'failed', activationEmail: 'bruno@shop.test' }),
      integratedItem({ id: 'item-3', position: 3, externalItemId: 'LINE-3', denominationCents: 2500, priceCents: 2500, giftCardId: null, serialNumber: null, pinStatus: 'pending' }),
    ],
    ...overrides,
  };
}
