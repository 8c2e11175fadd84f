import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import CompanyShow from './CompanyShow';
import { renderScreen } from '../../test/renderScreen';

const COMPANY = '/api/company/company-1/companies/c-9';
const company = {
  id: 'c-9',
  parentId: 'company-1',
  parentName: 'Acme',
  isProvider: false,
  code: 'BETA',
  companyName: 'Beta',
  businessName: 'Beta S.r.l.',
  vatNumber: 'IT01234567890',
  address: 'Via Roma 1',
  city: 'Milano',
  municipality: 'Milano',
  province: 'MI',
  zip: '20121',
  hasLogo: false,
  referent: { id: 'u-1', firstName: 'Rita', lastName: 'Rossi', phoneCountry: '+39', phone: '3331234567', email: 'rita@beta.test', status: 'PENDING_ACTIVATION', actions: ['edit', 'remove'], outOfScope: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('CompanyShow', () => {
  it('shows the company and its pending referent; a refused delete lists what is left with links to where it is handled, and the button stays disabled with the reason', async () => {
    server.use(
      http.get(COMPANY, () => HttpResponse.json(company)),
      http.delete(COMPANY, () =>
        HttpResponse.json(
          { ...problem(409, 'COMPANY_IN_USE', COMPANY, 'The company still has users, companies'), errors: { users: 'companies.inUse.users', companies: 'companies.inUse.companies' } },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    await renderScreen(<CompanyShow />, { path: '/privative-orders/companies/c-9', route: '/privative-orders/companies/:id', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Beta', level: 1 })).toBeInTheDocument();
    // heading order: the sections are h2 under the page's h1 (axe heading-order)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Company data', 'Logo', 'Main contact']);
    expect(screen.queryAllByRole('heading', { level: 6 })).toEqual([]);
    expect(screen.getByText('rita@beta.test')).toBeInTheDocument();
    expect(screen.getByText('Pending activation')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete company' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/It still has users who are not disabled/)).toBeInTheDocument();
    expect(within(dialog).getByText(/remove them from the company page/)).toBeInTheDocument();
    expect(within(dialog).getByText(/It still has sub-companies\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the operators of this company' })).toHaveAttribute('href', '/privative-orders/companies?tab=operators&companyId=c-9');
    expect(within(dialog).getByRole('link', { name: 'Open its sub-companies' })).toHaveAttribute('href', '/privative-orders/companies?parentId=c-9');
    // the refused dialog offers no second try, only Close
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled());
    const deleteButton = screen.getByRole('button', { name: 'Delete' });
    expect(deleteButton).toHaveAccessibleDescription('Cannot be deleted while it still has users, sub-companies, stores, cards or orders.');
    expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/companies/c-9');
  });

  it('an id that names no company shows "this company does not exist", not a redirect or a field error', async () => {
    server.use(http.get('/api/company/company-1/companies/not-a-uuid', () => HttpResponse.json(problem(404, 'NOT_FOUND', '/x', 'Not found'), { status: 404, headers: { 'Content-Type': 'application/problem+json' } })));
    await renderScreen(<CompanyShow />, { path: '/privative-orders/companies/not-a-uuid', route: '/privative-orders/companies/:id', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    expect(await screen.findByRole('heading', { name: 'Company not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This company does not exist');
    expect(screen.queryByText(/highlighted fields/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/companies/not-a-uuid');
  });

  it('refuses a logo that is not JPEG or PNG before sending it', async () => {
    let uploads = 0;
    server.use(
      http.get(COMPANY, () => HttpResponse.json(company)),
      http.post(`${COMPANY}/logo`, () => {
        uploads += 1;
        return HttpResponse.json(company);
      }),
    );
    await renderScreen(<CompanyShow />, { path: '/privative-orders/companies/c-9', route: '/privative-orders/companies/:id', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    await screen.findByRole('heading', { name: 'Beta', level: 1 });
    await userEvent.setup({ applyAccept: false }).upload(await screen.findByTestId('logo-input'), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The logo must be a JPEG or PNG image of at most 5 MB.')).toBeInTheDocument();
    expect(uploads).toBe(0);
  });

  it('removes a pending referent after saying what happens, and the company shows none', async () => {
    let current: typeof company = company;
    let removals = 0;
    server.use(
      http.get(COMPANY, () => HttpResponse.json(current)),
      http.delete(`${COMPANY}/referent`, () => {
        removals += 1;
        current = { ...company, referent: null as never };
        return HttpResponse.json(current);
      }),
    );
    await renderScreen(<CompanyShow />, { path: '/privative-orders/companies/c-9', route: '/privative-orders/companies/:id', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove main contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the main contact' });
    expect(within(dialog).getByText(/Rita Rossi has not activated the account yet/)).toBeInTheDocument();
    expect(removals).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove main contact' }));
    expect(await screen.findByText('Main contact removed')).toBeInTheDocument();
    expect(removals).toBe(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove main contact' })).not.toBeInTheDocument());
    expect(screen.queryByText('rita@beta.test')).not.toBeInTheDocument();
  });

  it('a referent holding permissions the caller lacks: no edit or removal of the referent, and a note naming them (issue 37)', async () => {
    const outOfScope = { ...company, referent: { ...company.referent, status: 'ACTIVE', actions: [], outOfScope: ['privative.orders', 'square.orders'] } };
    server.use(http.get(COMPANY, () => HttpResponse.json(outOfScope)));
    await renderScreen(<CompanyShow />, { path: '/privative-orders/companies/c-9', route: '/privative-orders/companies/:id', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const note = await screen.findByTestId('user-out-of-scope');
    expect(note).toHaveTextContent('This user holds permissions you do not have (Gift cards / Orders, Order history; Square / Orders): you cannot change or disable them. You can only view their details.');
    expect(screen.getByText('rita@beta.test')).toBeInTheDocument();
    // the company itself stays the caller's to edit
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit main contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove main contact' })).not.toBeInTheDocument();
  });

  it('a referent the caller may manage offers its edit and removal, without a note', async () => {
    server.use(http.get(COMPANY, () => HttpResponse.json(company)));
    await renderScreen(<CompanyShow />, { path: '/privative-orders/companies/c-9', route: '/privative-orders/companies/:id', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    expect(await screen.findByRole('link', { name: 'Edit main contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove main contact' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-out-of-scope')).not.toBeInTheDocument();
  });
});
