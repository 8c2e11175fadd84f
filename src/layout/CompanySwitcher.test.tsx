import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, memoryStore, useGetList } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PermissionKey } from '../../domain/permissions';
import { createAuthProvider } from '../authProvider/authProvider';
import { createDataProvider } from '../dataProvider/dataProvider';
import { createHttpClient } from '../dataProvider/httpClient';
import { createQueryClient } from '../dataProvider/queryClient';
import { createI18nProvider } from '../i18n/i18nProvider';
import { signedIn, userConfiguration } from '../test/builders';
import { server } from '../test/msw';
import { CompanySwitcher } from './CompanySwitcher';

const NORD = { id: 'company-2', companyName: 'Acme Nord' };

/** A list on screen, to see which company's path the dataProvider calls. */
function StoreNames() {
  const { data = [] } = useGetList('privative/stores', { pagination: { page: 1, perPage: 10 } });
  return <ul aria-label="stores">{data.map((store) => <li key={store.id}>{String(store.name)}</li>)}</ul>;
}

async function renderSwitcher(keys: PermissionKey[], companies = [NORD]) {
  signedIn();
  const companyCalls: string[] = [];
  server.use(
    http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(keys))),
    http.get('/api/company/:companyId/companies', ({ params, request }) => {
      // the API sorts companies by name, code or creation only
      if (new URL(request.url).searchParams.get('sort') !== '["companyName","ASC"]') return HttpResponse.json({ status: 400 }, { status: 400 });
      companyCalls.push(String(params.companyId));
      return HttpResponse.json(companies, { headers: { 'Content-Range': `companies 0-${companies.length - 1}/${companies.length}` } });
    }),
    http.get('/api/company/:companyId/stores', ({ params }) =>
      HttpResponse.json([{ id: `store-of-${String(params.companyId)}`, name: `Store of ${String(params.companyId)}` }], { headers: { 'Content-Range': 'stores 0-0/1' } }),
    ),
  );
  const http_ = createHttpClient({ onSessionEnd: () => undefined });
  render(
    <MemoryRouter initialEntries={['/privative/stores/list']}>
      <AdminContext dataProvider={createDataProvider(http_)} authProvider={createAuthProvider(http_)} i18nProvider={await createI18nProvider()} queryClient={createQueryClient()} store={memoryStore()}>
        <CompanySwitcher />
        <StoreNames />
      </AdminContext>
    </MemoryRouter>,
  );
  return { companyCalls };
}

describe('company switcher', () => {
  it('lets a user with sub-companies look at one of them: lists, identity and back to their own', async () => {
    const user = userEvent.setup();
    const { companyCalls } = await renderSwitcher(['privative.companies', 'privative.stores']);
    expect(await within(screen.getByRole('list', { name: 'stores' })).findByText('Store of company-1')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Company in view: Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Whose data do you want to see?' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Search company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Nord' }));

    // lists now call the chosen company's paths; the header names it; the tab remembers it
    expect(await within(screen.getByRole('list', { name: 'stores' })).findByText('Store of company-2')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Company in view: Acme Nord' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('tessera.viewedCompany')!)).toEqual({ id: 'company-2', name: 'Acme Nord' });
    // the choices always come from the user's own subtree, whatever company is in view
    expect(new Set(companyCalls)).toEqual(new Set(['company-1']));

    await user.click(screen.getByRole('button', { name: 'Company in view: Acme Nord' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('combobox', { name: 'Search company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme (your company)' }));
    expect(await within(screen.getByRole('list', { name: 'stores' })).findByText('Store of company-1')).toBeInTheDocument();
    expect(sessionStorage.getItem('tessera.viewedCompany')).toBeNull();
    // the SPEC session keys are untouched
    expect(localStorage.getItem('companyId')).toBe('company-1');
  });

  it('is not offered to a user who may not list companies', async () => {
    const { companyCalls } = await renderSwitcher(['privative.stores']);
    expect(await within(screen.getByRole('list', { name: 'stores' })).findByText('Store of company-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Company in view/ })).not.toBeInTheDocument();
    expect(companyCalls).toEqual([]);
  });

  it('is not offered to a user whose company has no sub-companies', async () => {
    const { companyCalls } = await renderSwitcher(['privative.companies', 'privative.stores'], []);
    await waitFor(() => expect(companyCalls.length).toBeGreaterThan(0));
    expect(await within(screen.getByRole('list', { name: 'stores' })).findByText('Store of company-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Company in view/ })).not.toBeInTheDocument();
  });
});
