import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import CatalogStep from './CatalogStep';
import CompanyStep from './CompanyStep';
import { COMPANY_ID, typology, TYPOLOGIES_API, TYPOLOGY_ID } from './wizardData.test-helper';

describe('CompanyStep and CatalogStep', () => {
  it('offers the own company and those below it, then opens the catalog for the chosen one', async () => {
    server.use(
      http.get('/api/company/company-1/companies', () =>
        HttpResponse.json([{ id: COMPANY_ID, companyName: 'Acme Nord S.r.l.' }], { headers: { 'Content-Range': 'companies 0-0/1' } }),
      ),
    );
    await renderScreen(<CompanyStep />, {
      path: '/privative-orders/orders/create/company/DIGITAL',
      route: '/privative-orders/orders/create/company/:shippingType',
      permissions: ['privative.orders', 'privative.companies'],
      resource: 'privative-orders/orders',
    });
    const user = userEvent.setup();
    const company = await screen.findByRole('combobox', { name: 'Company receiving the cards' });
    await waitFor(() => expect(company).toHaveValue('Acme (your company)'));
    expect(screen.getByTestId('wizard-step')).toHaveTextContent('Step 1 of 7: Company');
    await user.click(company);
    await user.click(await screen.findByRole('option', { name: 'Acme Nord S.r.l.' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/create/DIGITAL/${COMPANY_ID}`);
  });

  it("lists the catalog's typologies of the order's card type, filtered by name and kind of value", async () => {
    const filters: unknown[] = [];
    server.use(
      http.get(TYPOLOGIES_API, ({ request }) => {
        filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
        return HttpResponse.json([typology({ type: 'PHYSICAL', name: 'Gift Card 50 €', valueCents: 5000 })], { headers: { 'Content-Range': 'typologies 0-0/1' } });
      }),
    );
    await renderScreen(<CatalogStep />, {
      path: `/privative-orders/orders/create/PHISICAL_SHIPMENT/${COMPANY_ID}`,
      route: '/privative-orders/orders/create/:shippingType/:subCompanyId',
      permissions: ['privative.orders'],
      resource: 'privative-orders/orders',
    });
    const user = userEvent.setup();
    const choose = await screen.findByRole('link', { name: 'Choose Gift Card 50 €' });
    expect(choose).toHaveAttribute('href', `/privative-orders/orders/create/PHISICAL_SHIPMENT/${COMPANY_ID}/${TYPOLOGY_ID}`);
    expect(screen.getByText('€50.00')).toBeInTheDocument();
    expect(screen.getByText('Valid 12 months from activation')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or SKU' }), 'gift');
    await waitFor(() => expect(filters).toContainEqual({ type: 'PHYSICAL', q: 'gift' }));
    expect(filters[0]).toEqual({ type: 'PHYSICAL' });
  });
});
