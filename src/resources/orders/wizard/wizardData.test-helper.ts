import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { Typology } from '../../../../domain/giftcards';
import type { OrderDetail } from '../../../../domain/orders';
import { server } from '../../../test/msw';
import { order, ORDER_ID } from '../testData.test-helper';

export { ORDER_ID };
export const ORDERS_API = '/api/company/company-1/giftcard/orders';
export const TYPOLOGIES_API = '/api/company/company-1/giftcard/typologies';
export const TYPOLOGY_ID = '5a000000-0000-4000-8000-000000000001';
export const COMPANY_ID = '0c000000-0000-4000-8000-000000000002';

export function typology(overrides: Partial<Typology> = {}): Typology {
  return { id: TYPOLOGY_ID, companyId: null, name: 'Gift Card 25 €', type: 'DIGITAL', valueCents: 2500, variableValue: false, sku: 'GC-DIG-25', expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12, expirationDate: null, ...overrides };
}

/** A draft (NEW, not configured) of the wizard. */
export function draft(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return order({
    state: 'NEW',
    referentName: null,
    referentEmail: null,
    companyOrderNumber: null,
    confirmedAt: null,
    items: [],
    totalCents: 0,
    digitalCards: 0,
    ...overrides,
  });
}

export function serveTypology(value: Typology = typology()) {
  server.use(http.get(`${TYPOLOGIES_API}/:id`, () => HttpResponse.json(value)));
}

export function serveOrder(value: OrderDetail) {
  server.use(http.get(`${ORDERS_API}/:id`, () => HttpResponse.json(value)));
}

/** On the product form of an added item: checks its quantity reads `from`, changes it to `to`, saves, and waits for the recap. */
export async function changeSavedQuantity(user: UserEvent, from: string, to: string) {
  const quantity = await screen.findByLabelText(/^Quantity/);
  expect(quantity).toHaveValue(from);
  await user.clear(quantity);
  await user.type(quantity, to);
  await user.click(screen.getByRole('button', { name: 'Save the product' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/recap`));
}
