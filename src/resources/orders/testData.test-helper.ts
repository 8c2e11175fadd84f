import { orderRecordActions, type OrderDetail, type OrderItem, type OrderView } from '../../../domain/orders';
import { permissionsFrom } from '../../../domain/permissions';

export const ORDER_ID = '0b7d4f1e-0000-4000-8000-000000000001';

export function orderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 'item-1',
    orderId: ORDER_ID,
    typologyId: '5a000000-0000-4000-8000-000000000001',
    typologyName: 'Digital Gift Card',
    quantity: 50,
    valueCents: 2500,
    priceCents: 125000,
    ranges: null,
    templateName: null,
    namesListName: null,
    recipients: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** A customer's user holding both order flags: whose `actions` `order()` answers unless told. */
const CUSTOMER = { permissions: permissionsFrom(['privative.orders', 'privative.acquiredOrders']), isProvider: false };

/**
 * An order's detail as the API answers it. Its `actions` are what the server would answer a
 * customer's user in `view` (`orderRecordActions`), unless `overrides.actions` says otherwise.
 */
export function order(overrides: Partial<OrderDetail> = {}, view: OrderView = 'placed'): OrderDetail {
  const detail: Omit<OrderDetail, 'actions'> = {
    id: ORDER_ID,
    number: 'ORD-000123',
    companyId: 'company-2',
    companyName: 'Acme Nord S.r.l.',
    placedByCompanyId: 'company-1',
    placedByCompanyName: 'Acme S.p.A.',
    shippingType: 'DIGITAL',
    state: 'COMPLETED',
    activated: false,
    activatedAt: null,
    referentName: 'Giulia Rossi',
    referentEmail: 'giulia@acme.test',
    validMonths: 1,
    companyOrderNumber: 'PO-77',
    sendEmailToCompanyContact: false,
    autoActivate: false,
    shippingAddress: null,
    expireDate: null,
    trackingCarrier: null,
    trackingNumber: null,
    trackingLink: null,
    shippedAt: null,
    deliveredAt: null,
    errorCode: null,
    totalCents: 125000,
    physicalCards: 0,
    digitalCards: 50,
    confirmedAt: '2026-11-20T09:05:00.000Z',
    cancelledAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:05:00.000Z',
    items: [orderItem()],
    ...overrides,
  };
  return { ...detail, actions: overrides.actions ?? orderRecordActions(detail, detail.items.length, CUSTOMER, view) };
}
