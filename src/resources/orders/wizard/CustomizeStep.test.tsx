import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { orderItem } from '../testData.test-helper';
import CustomizeStep from './CustomizeStep';
import { COMPANY_ID, draft, ORDER_ID, ORDERS_API, serveOrder, serveTypology, typology, TYPOLOGY_ID, changeSavedQuantity } from './wizardData.test-helper';

const permissions = ['privative.orders'] as const;

function renderCreate(type = 'DIGITAL') {
  return renderScreen(<CustomizeStep />, {
    path: `/privative-orders/orders/create/${type}/${COMPANY_ID}/${TYPOLOGY_ID}`,
    route: '/privative-orders/orders/create/:shippingType/:subCompanyId/:typologyId',
    permissions: [...permissions],
    resource: 'privative-orders/orders',
  });
}

function renderAdd(type = 'PHYSICAL') {
  return renderScreen(<CustomizeStep />, {
    path: `/privative-orders/orders/${ORDER_ID}/additem/${TYPOLOGY_ID}/${type}`,
    route: '/privative-orders/orders/:id/additem/:typologyId/:type',
    permissions: [...permissions],
    resource: 'privative-orders/orders',
  });
}

const decode = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

describe('CustomizeStep', () => {
  it('makes the draft with its first product (50 digital cards of 25.00 €) and opens the summary', async () => {
    serveTypology();
    const calls: Array<{ path: string; body: unknown }> = [];
    server.use(
      http.post(ORDERS_API, async ({ request }) => {
        calls.push({ path: 'orders', body: await request.json() });
        return HttpResponse.json(draft(), { status: 201 });
      }),
      http.post(`${ORDERS_API}/:id/items`, async ({ request, params }) => {
        calls.push({ path: `orders/${String(params.id)}/items`, body: await request.json() });
        return HttpResponse.json(orderItem({ orderId: ORDER_ID }), { status: 201 });
      }),
    );
    await renderCreate();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument();
    const submit = await screen.findByRole('button', { name: 'Add to the order' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Quantity/), '0');
    expect(await screen.findByText('Enter a quantity greater than zero (at most 10,000)')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), '50');
    expect(await screen.findByTestId('item-total')).toHaveTextContent('50 cards × €25.00 = €1,250.00');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/recap`));
    expect(calls).toEqual([
      { path: 'orders', body: { subCompanyId: COMPANY_ID, shippingType: 'DIGITAL' } },
      { path: `orders/${ORDER_ID}/items`, body: { typologyId: TYPOLOGY_ID, quantity: 50 } },
    ]);
    expect(await screen.findByText('Order created')).toBeInTheDocument();
  });

  it('previews a names list, names its first bad line, and sends the good one as SPEC §3 files ({type, name, base64 content})', async () => {
    serveTypology(typology({ valueCents: null, variableValue: true, name: 'Digital Gift Card' }));
    let posted: { valueCents?: number; namesList?: { type: string; name: string; content: string } } | undefined;
    server.use(
      http.post(ORDERS_API, () => HttpResponse.json(draft(), { status: 201 })),
      http.post(`${ORDERS_API}/:id/items`, async ({ request }) => {
        posted = (await request.json()) as typeof posted;
        return HttpResponse.json(orderItem({ quantity: 3, namesListName: 'team.csv', recipients: 3 }), { status: 201 });
      }),
    );
    await renderCreate();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('A names list: one card per recipient, e-mailed to them'));
    await user.type(screen.getByLabelText(/^Value of each card/), '25,00');
    const input = screen.getByLabelText('Choose the names list');
    await user.upload(input, new File(['email;nome\nok@example.com;A\nnot-an-email;B\n'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Line 3 of the names list has no valid e-mail address: correct it and choose the file again')).toBeInTheDocument();
    const csv = 'nome;cognome;email\nGiulia;Bianchi;giulia@example.com\nLuca;Ferrari;luca@example.com\nSara;Colombo;sara@example.com\n';
    await user.upload(input, new File([csv], 'team.csv', { type: 'text/csv' }));
    expect(await screen.findByTestId('names-count')).toHaveTextContent('3 recipients: 3 cards');
    expect(screen.getByText('Giulia Bianchi')).toBeInTheDocument();
    expect(screen.getByTestId('item-total')).toHaveTextContent('3 cards × €25.00 = €75.00');
    const submit = screen.getByRole('button', { name: 'Add to the order' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted!.valueCents).toBe(2500);
    expect(posted!.namesList).toMatchObject({ type: 'text/csv', name: 'team.csv' });
    expect(decode(posted!.namesList!.content)).toBe(csv);
  });

  it('physical: ranges from the stock must add up to the cart, initial ≤ final; the API refusing the range shows on the ranges', async () => {
    serveTypology(typology({ type: 'PHYSICAL', name: 'Gift Card 50 €', valueCents: 5000 }));
    serveOrder(draft({ shippingType: 'PHYSICAL' }));
    const stockQueries: string[] = [];
    let posted: unknown;
    server.use(
      http.get(`${ORDERS_API}/stock`, ({ request }) => {
        stockQueries.push(new URL(request.url).searchParams.get('typologyId') ?? '');
        return HttpResponse.json([
          { from: 1001, to: 1040, count: 40, lotNumber: 'LOT-1' },
          { from: 2001, to: 2100, count: 100, lotNumber: 'LOT-2' },
        ]);
      }),
      http.post(`${ORDERS_API}/:id/items`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ status: 400, title: 'Bad Request', instance: ORDERS_API, error: { message: 'VALIDATION_ERROR' }, errors: { ranges: 'validation.orderRangeUnavailable' } }, { status: 400 });
      }),
    );
    await renderAdd();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Cards in the cart/), '50');
    // the largest run first
    const runs = () => within(screen.getByTestId('stock-runs')).getAllByRole('listitem');
    await waitFor(() => expect(runs().map((r) => r.textContent)).toEqual([expect.stringContaining('Sequence numbers 2001–2100'), expect.stringContaining('Sequence numbers 1001–1040')]));
    await user.click(await screen.findByRole('button', { name: 'Use Sequence numbers 1001–1040' }));
    expect(stockQueries).toEqual([TYPOLOGY_ID]);
    // what the ranges hold is in the cart, and offered no more
    expect(screen.queryByRole('button', { name: 'Use Sequence numbers 1001–1040' })).not.toBeInTheDocument();
    expect(runs()[1]).toHaveTextContent('Sequence numbers 1001–1040');
    expect(runs()[1]).toHaveTextContent('In the cart');
    expect(screen.getByTestId('ranges-total')).toHaveTextContent('The ranges add up to 40 cards');
    expect(await screen.findByTestId('ranges-error')).toHaveTextContent('The ranges add up to 40 cards, the cart has 50');
    await user.click(screen.getByRole('button', { name: 'Use Sequence numbers 2001–2100' }));
    // "Use" takes only what the cart still needs; the rest of the run stays free
    expect(screen.getAllByLabelText(/^Last sequence number/)[1]).toHaveValue('2010');
    expect(await screen.findByRole('button', { name: 'Use Sequence numbers 2011–2100' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('ranges-error')).not.toBeInTheDocument());
    await user.clear(screen.getAllByLabelText(/^First sequence number/)[1]);
    await user.type(screen.getAllByLabelText(/^First sequence number/)[1], '2020');
    expect(await screen.findByText('The initial value cannot be greater than the final one')).toBeInTheDocument();
    await user.clear(screen.getAllByLabelText(/^First sequence number/)[1]);
    await user.type(screen.getAllByLabelText(/^First sequence number/)[1], '2001');
    const submit = screen.getByRole('button', { name: 'Add to the order' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByTestId('ranges-error')).toHaveTextContent('These sequence numbers are not all available: choose unsold cards of this product');
    expect(posted).toEqual({ typologyId: TYPOLOGY_ID, quantity: 50, ranges: [{ from: 1001, to: 1040 }, { from: 2001, to: 2010 }] });
    expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/additem/`);
  });

  it("the order's other products of this typology are in the cart: their progressives are not offered again", async () => {
    serveTypology(typology({ type: 'PHYSICAL', name: 'Gift Card 50 €', valueCents: 5000 }));
    serveOrder(draft({ shippingType: 'PHYSICAL', items: [orderItem({ id: 'item-1', quantity: 5, ranges: [{ from: 1001, to: 1005 }] }), orderItem({ id: 'item-2', typologyId: 'other-typology', quantity: 40, ranges: [{ from: 1006, to: 1040 }] })] }));
    server.use(http.get(`${ORDERS_API}/stock`, () => HttpResponse.json([{ from: 1001, to: 1040, count: 40, lotNumber: 'LOT-1' }, { from: 7, to: 7, count: 1, lotNumber: 'LOT-0' }])));
    await renderAdd();
    expect(await screen.findByRole('button', { name: 'Use Sequence numbers 1006–1040' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use Sequence number 7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Use Sequence numbers 1001/ })).not.toBeInTheDocument();
    const inCart = within(screen.getByTestId('stock-runs')).getAllByRole('listitem').at(-1)!;
    expect(inCart).toHaveTextContent('Sequence numbers 1001–1005');
    expect(inCart).toHaveTextContent('In the cart');
  });

  it('edits a product as a variant: the saved values, a PUT of the whole item, "item edited"', async () => {
    serveTypology();
    serveOrder(draft({ items: [orderItem({ id: 'item-1', quantity: 50 })] }));
    let put: unknown;
    server.use(
      http.put(`${ORDERS_API}/:id/items/:itemId`, async ({ request, params }) => {
        put = { itemId: params.itemId, body: await request.json() };
        return HttpResponse.json(orderItem({ quantity: 60 }));
      }),
    );
    await renderScreen(<CustomizeStep />, { path: `/privative-orders/orders/${ORDER_ID}/item-1`, route: '/privative-orders/orders/:id/:itemId', permissions: [...permissions], resource: 'privative-orders/orders' });
    const user = userEvent.setup();
    await changeSavedQuantity(user, '50', '60');
    expect(put).toEqual({ itemId: 'item-1', body: { typologyId: TYPOLOGY_ID, quantity: 60 } });
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
  });

  it('editing without a new file keeps the saved names list or template (left out of the PUT); a saved template can be removed', async () => {
    serveTypology(typology({ valueCents: null, variableValue: true, name: 'Digital Gift Card' }));
    serveOrder(
      draft({
        items: [
          orderItem({ id: 'item-list', quantity: 3, valueCents: 2500, namesListName: 'team.csv', recipients: 3 }),
          orderItem({ id: 'item-template', quantity: 10, valueCents: 2500, templateName: 'front.png' }),
        ],
      }),
    );
    const puts: Array<{ itemId: unknown; body: unknown }> = [];
    server.use(
      http.put(`${ORDERS_API}/:id/items/:itemId`, async ({ request, params }) => {
        puts.push({ itemId: params.itemId, body: await request.json() });
        return HttpResponse.json(orderItem());
      }),
    );
    const edit = (itemId: string) =>
      renderScreen(<CustomizeStep />, { path: `/privative-orders/orders/${ORDER_ID}/${itemId}`, route: '/privative-orders/orders/:id/:itemId', permissions: [...permissions], resource: 'privative-orders/orders' });
    const user = userEvent.setup();

    const listView = await edit('item-list');
    expect(await screen.findByTestId('namesList-saved')).toHaveTextContent('Saved: team.csv (3 recipients). It stays unless you choose another file.');
    const value = screen.getByLabelText(/^Value of each card/);
    await user.clear(value);
    await user.type(value, '30');
    expect(await screen.findByTestId('item-total')).toHaveTextContent('3 cards × €30.00 = €90.00');
    const save = screen.getByRole('button', { name: 'Save the product' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ itemId: 'item-list', body: { typologyId: TYPOLOGY_ID, valueCents: 3000 } });
    listView.unmount();

    const templateView = await edit('item-template');
    expect(await screen.findByTestId('template-saved')).toHaveTextContent('Saved: front.png. It stays unless you choose another file.');
    const quantity = screen.getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(screen.getByRole('button', { name: 'Save the product' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ itemId: 'item-template', body: { typologyId: TYPOLOGY_ID, valueCents: 2500, quantity: 12 } });
    templateView.unmount();

    await edit('item-template');
    await user.clear(await screen.findByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), '12');
    await user.click(await screen.findByRole('button', { name: 'Remove front.png' }));
    expect(screen.getByTestId('template-saved')).toHaveTextContent('front.png will be removed when you save.');
    await user.click(screen.getByRole('button', { name: 'Save the product' }));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]).toEqual({ itemId: 'item-template', body: { typologyId: TYPOLOGY_ID, valueCents: 2500, quantity: 12, template: null } });
  });

  it('a first product refused after its draft was made moves to the draft\'s URL, with what was typed and the refusal', async () => {
    serveTypology(typology({ type: 'PHYSICAL', name: 'Gift Card 50 €', valueCents: 5000 }));
    serveOrder(draft({ shippingType: 'PHYSICAL' }));
    let drafts = 0;
    server.use(
      http.get(`${ORDERS_API}/stock`, () => HttpResponse.json([{ from: 1001, to: 1040, count: 40, lotNumber: 'LOT-1' }])),
      http.post(ORDERS_API, () => {
        drafts += 1;
        return HttpResponse.json(draft({ shippingType: 'PHYSICAL' }), { status: 201 });
      }),
      http.post(`${ORDERS_API}/:id/items`, () =>
        HttpResponse.json({ status: 400, title: 'Bad Request', instance: ORDERS_API, error: { message: 'VALIDATION_ERROR' }, errors: { ranges: 'validation.orderRangeUnavailable' } }, { status: 400 }),
      ),
    );
    const routes = (
      <Routes>
        <Route path="/privative-orders/orders/create/:shippingType/:subCompanyId/:typologyId" element={<CustomizeStep />} />
        <Route path="/privative-orders/orders/:id/additem/:typologyId/:type" element={<CustomizeStep />} />
      </Routes>
    );
    await renderScreen(routes, { path: `/privative-orders/orders/create/PHYSICAL/${COMPANY_ID}/${TYPOLOGY_ID}`, route: '*', permissions: [...permissions], resource: 'privative-orders/orders' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Cards in the cart/), '2');
    await user.type(screen.getByLabelText(/^First sequence number/), '900001');
    await user.type(screen.getByLabelText(/^Last sequence number/), '900002');
    const submit = screen.getByRole('button', { name: 'Add to the order' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/additem/${TYPOLOGY_ID}/PHYSICAL`));
    expect(await screen.findByTestId('ranges-error')).toHaveTextContent('These sequence numbers are not all available');
    expect(screen.getByLabelText(/^First sequence number/)).toHaveValue('900001');
    expect(screen.getByLabelText(/^Cards in the cart/)).toHaveValue('2');
    expect(drafts).toBe(1);
  });
});
