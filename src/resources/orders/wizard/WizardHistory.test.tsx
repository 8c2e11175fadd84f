import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../../domain/orders';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { orderItem } from '../testData.test-helper';
import CatalogStep from './CatalogStep';
import CompanyStep from './CompanyStep';
import CustomizeStep from './CustomizeStep';
import RecapStep from './RecapStep';
import { COMPANY_ID, draft, ORDER_ID, ORDERS_API, serveTypology, typology, TYPOLOGIES_API, TYPOLOGY_ID, changeSavedQuantity } from './wizardData.test-helper';

/** The browser's Back button. */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      browser back
    </button>
  );
}

/** The wizard's routes as the orders resource mounts them (src/resources/orders/index.ts). */
const wizard = (
  <>
    <Routes>
      <Route path="/privative-orders/orders/create/company/:shippingType" element={<CompanyStep />} />
      <Route path="/privative-orders/orders/create/:shippingType/:subCompanyId" element={<CatalogStep />} />
      <Route path="/privative-orders/orders/create/:shippingType/:subCompanyId/:typologyId" element={<CustomizeStep />} />
      <Route path="/privative-orders/orders/:id/recap" element={<RecapStep />} />
      <Route path="/privative-orders/orders/:id/additem/catalog/:type" element={<CatalogStep />} />
      <Route path="/privative-orders/orders/:id/additem/:typologyId/:type" element={<CustomizeStep />} />
      <Route path="/privative-orders/orders/:id/:itemId" element={<CustomizeStep />} />
    </Routes>
    <BrowserBack />
  </>
);

/** The API of one draft: POST orders makes it (counted), POST items adds to it, GET answers it as it stands. */
function serveDraftApi() {
  const calls = { drafts: 0, items: 0, edits: 0 };
  let current: OrderDetail = draft();
  server.use(
    http.get(TYPOLOGIES_API, () => HttpResponse.json([typology()], { headers: { 'Content-Range': 'typologies 0-0/1' } })),
    http.post(ORDERS_API, () => {
      calls.drafts += 1;
      return HttpResponse.json(current, { status: 201 });
    }),
    http.get(`${ORDERS_API}/:id`, () => HttpResponse.json(current)),
    http.post(`${ORDERS_API}/:id/items`, async ({ request }) => {
      calls.items += 1;
      const body = (await request.json()) as { quantity: number };
      const item = orderItem({ id: `item-${calls.items}`, quantity: body.quantity, priceCents: body.quantity * 2500, typologyName: 'Gift Card 25 €' });
      current = { ...current, items: [...current.items, item], digitalCards: current.digitalCards + body.quantity, totalCents: current.totalCents + item.priceCents };
      return HttpResponse.json(item, { status: 201 });
    }),
    http.put(`${ORDERS_API}/:id/items/:itemId`, async ({ request, params }) => {
      calls.edits += 1;
      const body = (await request.json()) as { quantity: number };
      const item = orderItem({ id: String(params.itemId), quantity: body.quantity });
      current = { ...current, items: current.items.map((i) => (i.id === item.id ? item : i)) };
      return HttpResponse.json(item);
    }),
  );
  serveTypology();
  return calls;
}

async function addFirstProduct(user: ReturnType<typeof userEvent.setup>, quantity: string) {
  await user.type(await screen.findByLabelText(/^Quantity/), quantity);
  const submit = screen.getByRole('button', { name: 'Add to the order' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/recap`));
}

describe('the wizard and the browser history (issue 14: Back must not lose the draft)', () => {
  it("Back after adding the first product opens that product in the same draft; saving it there edits it and makes no second draft", async () => {
    const calls = serveDraftApi();
    await renderScreen(wizard, { path: `/privative-orders/orders/create/DIGITAL/${COMPANY_ID}/${TYPOLOGY_ID}`, permissions: ['privative.orders'], resource: 'privative-orders/orders' });
    const user = userEvent.setup();
    await addFirstProduct(user, '50');
    expect(calls).toEqual({ drafts: 1, items: 1, edits: 0 });

    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/item-1`));
    expect(await screen.findByTestId('wizard-subtitle')).toHaveTextContent('ORD-000123');
    await changeSavedQuantity(user, '50', '60');
    expect(calls).toEqual({ drafts: 1, items: 1, edits: 1 });
  });

  it('Back past the product to the catalog and the company returns into the draft: a product chosen there is added to it', async () => {
    const calls = serveDraftApi();
    server.use(http.get('/api/company/company-1/companies', () => HttpResponse.json([], { headers: { 'Content-Range': 'companies 0-0/0' } })));
    await renderScreen(wizard, { path: '/privative-orders/orders/create/company/DIGITAL', permissions: ['privative.orders'], resource: 'privative-orders/orders' });
    const user = userEvent.setup();
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await user.click(await screen.findByRole('link', { name: 'Choose Gift Card 25 €' }));
    await addFirstProduct(user, '50');

    // summary → the product → the catalog, now the draft's own
    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/item-1`));
    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/additem/catalog/DIGITAL`));
    await user.click(await screen.findByRole('link', { name: 'Choose Gift Card 25 €' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/additem/${TYPOLOGY_ID}/DIGITAL`));
    await user.type(await screen.findByLabelText(/^Quantity/), '5');
    const submit = screen.getByRole('button', { name: 'Add to the order' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/recap`));
    expect(calls).toEqual({ drafts: 1, items: 2, edits: 0 });
  });
});
