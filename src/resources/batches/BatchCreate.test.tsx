import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { typology } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import BatchCreate from './BatchCreate';
import { batch, BATCHES_API, page, serveConfiguration, TYPOLOGIES_API } from './testData.test-helper';

const TYPOLOGY_ID = '00000000-0000-4000-8500-000000000001';
const render = () => renderScreen(<BatchCreate />, { path: '/privative/batches/create', route: '*', permissions: ['privative.batches'], resource: 'privative/batches' });

function serveCatalog() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(TYPOLOGIES_API, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return page([typology({ id: TYPOLOGY_ID, name: 'Gift Card 25 €', sku: 'GC-PHY-25' })] as never);
    }),
  );
  return queries;
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { lot: string; quantity: string }) {
  await user.type(screen.getByLabelText(/^Batch number/), values.lot);
  await user.click(screen.getByRole('combobox', { name: /^Product/ }));
  await user.click(await screen.findByRole('option', { name: 'Gift Card 25 € (GC-PHY-25)' }));
  await user.type(screen.getByLabelText(/^Quantity/), values.quantity);
}

describe('BatchCreate', () => {
  it('states the real rules, posts the body and opens the new batch', async () => {
    serveConfiguration(true);
    const catalog = serveCatalog();
    let posted: unknown;
    server.use(
      http.post(BATCHES_API, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(batch({ status: 'PENDING', generatedCount: 0 }), { status: 201 });
      }),
    );
    await render();
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Generate batch' });
    // issue 43: each limit is stated before any refusal, from the rule's constant
    expect(screen.getByText('Up to 40 characters: letters, digits and . _ / -')).toBeInTheDocument();
    expect(screen.getByText('From 1 to 100,000 cards')).toBeInTheDocument();
    expect(screen.getByText('Optional: the print order reference, at most 60 characters')).toBeInTheDocument();
    await fill(user, { lot: 'LOT 1', quantity: '100001' });
    expect(await screen.findByText('Use only letters, digits, dot, underscore, slash or hyphen')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of cards from 1 to 100,000')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    // the catalog offers physical typologies only (batches are print runs)
    expect(JSON.parse(catalog[0].get('filter')!)).toEqual({ type: 'PHYSICAL' });
    // never asked by id (the typologies list takes no `id` filter: the API would answer 400)
    expect(catalog.map((query) => JSON.parse(query.get('filter')!))).toEqual(catalog.map(() => ({ type: 'PHYSICAL' })));

    await user.clear(screen.getByLabelText(/^Batch number/));
    await user.type(screen.getByLabelText(/^Batch number/), 'LOT-2026/01');
    await user.clear(screen.getByLabelText(/^Quantity/));
    // a count as English writes it (domain readWholeNumber): "10.000" is ten with decimals, refused
    await user.type(screen.getByLabelText(/^Quantity/), '10.000');
    expect(await screen.findByText('Enter a whole number of cards from 1 to 100,000')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), '10,000');
    await user.type(screen.getByLabelText(/^Expiry date/), '01/01/2020');
    expect(await screen.findByText('Enter today or a later day as dd/mm/yyyy')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Expiry date/));
    await user.type(screen.getByLabelText(/^Expiry date/), '31/12/2099');
    await user.type(screen.getByLabelText(/^Order reference/), ' PO-77 ');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative/batches/${batch().id}`));
    expect(posted).toEqual({ lotNumber: 'LOT-2026/01', typologyId: TYPOLOGY_ID, quantity: 10000, expireDate: '2099-12-31', orderReference: 'PO-77' });
    expect(await screen.findByText('Batch created: the cards are being generated')).toBeInTheDocument();
  });

  it('in Italian, reads the quantity as Italian writes it: "10.000" is ten thousand, "10,000" is refused', async () => {
    await i18n.changeLanguage('it');
    serveConfiguration(true);
    serveCatalog();
    let posted: unknown;
    server.use(
      http.post(BATCHES_API, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(batch({ status: 'PENDING', generatedCount: 0 }), { status: 201 });
      }),
    );
    await render();
    const user = userEvent.setup();
    expect(screen.getByText('Da 1 a 100.000 carte')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Lotto/), 'LOT-7');
    await user.click(screen.getByRole('combobox', { name: /^Tipologia/ }));
    await user.click(await screen.findByRole('option', { name: 'Gift Card 25 € (GC-PHY-25)' }));
    const quantity = screen.getByLabelText(/^Quantità/);
    await user.type(quantity, '10,000');
    expect(await screen.findByText('Inserisci un numero intero di carte da 1 a 100.000')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '10.000');
    const submit = screen.getByRole('button', { name: 'Genera lotto' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(posted).toMatchObject({ lotNumber: 'LOT-7', quantity: 10000 }));
  });

  it("puts the server's refusal on the field, in the field's own words", async () => {
    serveConfiguration(true);
    serveCatalog();
    server.use(
      http.post(BATCHES_API, () =>
        HttpResponse.json({ title: 'Conflict', status: 409, instance: BATCHES_API, error: { message: 'DUPLICATE_CODE' }, errors: { lotNumber: 'validation.duplicateCode' } }, { status: 409 }),
      ),
    );
    await render();
    const user = userEvent.setup();
    await fill(user, { lot: 'LOT-1', quantity: '5' });
    const submit = screen.getByRole('button', { name: 'Generate batch' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('This batch number is already in use')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/privative/batches/create');
  });

  it('provider staff add a typology to the catalog from the form (SPEC §3 batch creation fields); it is then the chosen one', async () => {
    serveConfiguration(true);
    const created = typology({ id: '00000000-0000-4000-8500-000000000009', name: 'Gift Card 12,50', sku: 'GC-PHY-1250', valueCents: 1250 });
    let posted: unknown;
    let listed = [typology({ id: TYPOLOGY_ID, name: 'Gift Card 25 €', sku: 'GC-PHY-25' })];
    server.use(
      http.get(TYPOLOGIES_API, () => page(listed as never)),
      http.post(TYPOLOGIES_API, async ({ request }) => {
        posted = await request.json();
        listed = [...listed, created];
        return HttpResponse.json({ ...created, createdAt: '2026-03-01T00:00:00Z' }, { status: 201 });
      }),
    );
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    const { getByLabelText, getByRole } = within(dialog);
    // issue 43: the limits before any refusal, the example within the cap
    expect(within(dialog).getByText('At most 80 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Up to 40 characters: letters, digits and . _ -')).toBeInTheDocument();
    expect(within(dialog).getByText('In euros, at most €10,000.00; e.g. 25.50')).toBeInTheDocument();
    expect(within(dialog).getByText('From 1 to 120 months')).toBeInTheDocument();
    await user.type(getByLabelText(/^Name/), 'Gift Card 12,50');
    await user.type(getByLabelText(/^SKU/), 'GC PHY');
    expect(await within(dialog).findByText('Use only letters, digits, dot, underscore or hyphen')).toBeInTheDocument();
    await user.clear(getByLabelText(/^SKU/));
    await user.type(getByLabelText(/^SKU/), 'GC-PHY-1250');
    await user.type(getByLabelText(/^Value/), '20000');
    expect(await within(dialog).findByText('Enter a value greater than zero, at most €10,000.00')).toBeInTheDocument();
    await user.clear(getByLabelText(/^Value/));
    await user.type(getByLabelText(/^Value/), '12.50');
    await user.clear(getByLabelText(/^Months of validity/));
    await user.type(getByLabelText(/^Months of validity/), '18');
    const submit = getByRole('button', { name: 'Create product' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual({ name: 'Gift Card 12,50', type: 'PHYSICAL', variableValue: false, valueCents: 1250, sku: 'GC-PHY-1250', expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 18, expirationDate: null });
    expect(await screen.findByText('Product created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Product/ })).toHaveValue('Gift Card 12,50 (GC-PHY-1250)'));
  });

  it("a customer's user is not offered a new typology", async () => {
    serveConfiguration(false);
    serveCatalog();
    await render();
    await screen.findByRole('combobox', { name: /^Product/ });
    expect(screen.queryByRole('button', { name: 'New product' })).not.toBeInTheDocument();
  });
});
