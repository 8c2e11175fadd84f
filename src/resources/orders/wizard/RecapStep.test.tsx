import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { orderItem } from '../testData.test-helper';
import RecapStep from './RecapStep';
import { draft, ORDER_ID, ORDERS_API, serveOrder } from './wizardData.test-helper';

const render = (search = '') =>
  renderScreen(<RecapStep />, { path: `/privative-orders/orders/${ORDER_ID}/recap${search}`, route: '/privative-orders/orders/:id/recap', permissions: ['privative.orders'], resource: 'privative-orders/orders' });

const configured = { referentName: 'Giulia Rossi', referentEmail: 'giulia@acme.test', companyOrderNumber: 'PO-77', validMonths: 3 };
const withItems = (overrides = {}) =>
  draft({
    items: [orderItem({ id: 'item-1', quantity: 50 }), orderItem({ id: 'item-2', typologyName: 'Christmas Card', quantity: 3, valueCents: 2000, priceCents: 6000, namesListName: 'team.csv', recipients: 3 })],
    digitalCards: 53,
    totalCents: 131000,
    ...overrides,
  });

describe('RecapStep', () => {
  it('sums up the products (variants with their names list) and totals, and removes one', async () => {
    serveOrder(withItems());
    let removed: string | undefined;
    server.use(
      http.delete(`${ORDERS_API}/:id/items/:itemId`, ({ params }) => {
        removed = String(params.itemId);
        return HttpResponse.json(draft({ items: [orderItem({ id: 'item-1' })] }));
      }),
    );
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order summary' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('wizard-item');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Christmas Card3 cards × €20.00Names list team.csv (3 recipients)€60.00');
    expect(screen.getByTestId('wizard-totals')).toHaveTextContent('53 cards in totalTotal €1,310.00');
    expect(within(items[0]).getByRole('link', { name: 'Edit Digital Gift Card' })).toHaveAttribute('href', `/privative-orders/orders/${ORDER_ID}/item-1`);
    expect(screen.getByRole('link', { name: 'Continue to configuration' })).toHaveAttribute('href', `/privative-orders/orders/${ORDER_ID}/configuration`);
    const user = userEvent.setup();
    await user.click(within(items[1]).getByRole('button', { name: 'Remove Christmas Card' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toBe('item-2'));
    expect(await screen.findByText('Product removed from the order')).toBeInTheDocument();
  });

  it('review: confirms once with an Idempotency-Key (the same key when the user tries again) and opens the order', async () => {
    serveOrder(withItems(configured));
    const keys: Array<string | null> = [];
    server.use(
      http.post(`${ORDERS_API}/:id/confirm`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (keys.length === 1) return HttpResponse.json({ status: 503, title: 'Unavailable', instance: ORDERS_API, error: { message: 'INTERNAL_ERROR' } }, { status: 503 });
        return HttpResponse.json(withItems({ ...configured, state: 'PENDING' }));
      }),
    );
    await render('?step=review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order review' })).toBeInTheDocument();
    expect(await screen.findByText('PO-77')).toBeInTheDocument();
    expect(screen.getByText('3 months')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm the order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Order ORD-000123 will be issued: 53 cards.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the order' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm the order' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/privative-orders/orders/${ORDER_ID}$`)));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('Order confirmed')).toBeInTheDocument();
  });

  it('review: without a configuration the confirm stays off and says what is missing', async () => {
    serveOrder(withItems());
    await render('?step=review');
    expect(await screen.findByText('The configuration is not complete: fill it in before confirming.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm the order' })).toBeDisabled();
  });

  it('an order no longer in draft links to its page', async () => {
    serveOrder(withItems({ ...configured, state: 'COMPLETED' }));
    await render();
    expect(await screen.findByText('Order ORD-000123 has been confirmed and can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', `/privative-orders/orders/${ORDER_ID}`);
  });

  it('deletes the draft after asking, says "order deleted" and goes back to the orders', async () => {
    serveOrder(withItems());
    let deleted = false;
    server.use(
      http.delete(`${ORDERS_API}/:id`, () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft?' });
    expect(dialog).toHaveTextContent('Order ORD-000123 and its products will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the draft' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/orders/list'));
    expect(deleted).toBe(true);
    expect(await screen.findByText('Order deleted')).toBeInTheDocument();
  });
});
