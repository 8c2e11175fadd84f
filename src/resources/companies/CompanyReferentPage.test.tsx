import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import CompanyReferentPage from './CompanyReferentPage';
import { renderScreen } from '../../test/renderScreen';

const COMPANY = '/api/company/company-1/companies/c-9';
const company = { id: 'c-9', companyName: 'Beta', referent: null, hasLogo: false };

describe('CompanyReferentPage (referent form)', () => {
  it('applies the referent rules, saves with PUT and goes to the company', async () => {
    let saved: unknown;
    server.use(
      http.get(COMPANY, () => HttpResponse.json(company)),
      http.put(`${COMPANY}/referent`, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ ...company, referent: { id: 'u', ...(saved as object), status: 'PENDING_ACTIVATION' } });
      }),
    );
    await renderScreen(<CompanyReferentPage />, { path: '/privative-orders/companies/new/referent?company=c-9', route: '/privative-orders/companies/new/referent', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const user = userEvent.setup();
    expect(await screen.findByText('Beta')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Save main contact' });

    await user.type(screen.getByLabelText(/^First name/), 'R2');
    await user.type(screen.getByLabelText(/^Last name/), 'Referente');
    await user.type(screen.getByLabelText(/^Phone/), '333');
    await user.type(screen.getByLabelText(/^E-mail/), 'rita@beta');
    // each refused field names its rule (the others state their limits under them too)
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('Enter 2 to 40 letters, without digits or special characters'));
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Enter a phone number of 4 to 20 digits');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText(/^First name/));
    await user.type(screen.getByLabelText(/^First name/), 'Rita');
    await user.type(screen.getByLabelText(/^Phone/), '1234567');
    await user.type(screen.getByLabelText(/^E-mail/), '.test');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/companies/c-9'));
    expect(saved).toEqual({ firstName: 'Rita', lastName: 'Referente', phoneCountry: '+39', phone: '3331234567', email: 'rita@beta.test' });
    expect(await screen.findByText('Main contact created: an activation e-mail is on its way')).toBeInTheDocument();
  });

  it('shows an e-mail that already has an account on the e-mail field', async () => {
    server.use(
      http.get(COMPANY, () => HttpResponse.json(company)),
      http.put(`${COMPANY}/referent`, () =>
        HttpResponse.json({ ...problem(409, 'EMAIL_EXISTS', COMPANY, 'taken'), errors: { email: 'validation.emailExists' } }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    await renderScreen(<CompanyReferentPage />, { path: '/privative-orders/companies/c-9/edit/referent', route: '/privative-orders/companies/:id/edit/referent', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const user = userEvent.setup();
    await screen.findByText('Beta');
    await user.type(screen.getByLabelText(/^First name/), 'Rita');
    await user.type(screen.getByLabelText(/^Last name/), 'Rossi');
    await user.type(screen.getByLabelText(/^Phone/), '3331234567');
    await user.type(screen.getByLabelText(/^E-mail/), 'taken@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save main contact' }));
    expect(await screen.findByText('This e-mail address already belongs to an account')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/companies/c-9/edit/referent');
  });

  it('a referent holding permissions the caller lacks: the page names them and offers no form (issue 37)', async () => {
    let writes = 0;
    const referent = { id: 'u-7', firstName: 'Rita', lastName: 'Referente', phoneCountry: '+39', phone: '3331234567', email: 'rita@beta.test', status: 'ACTIVE', actions: [], outOfScope: ['privative.orders', 'square.orders'] };
    server.use(
      http.get(COMPANY, () => HttpResponse.json({ ...company, referent })),
      http.put(`${COMPANY}/referent`, () => {
        writes++;
        return HttpResponse.json({ ...company, referent });
      }),
    );
    await renderScreen(<CompanyReferentPage />, { path: '/privative-orders/companies/c-9/edit/referent', route: '/privative-orders/companies/:id/edit/referent', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const note = await screen.findByTestId('user-out-of-scope');
    expect(note).toHaveTextContent('This user holds permissions you do not have (Gift cards / Orders, Order history; Square / Orders): you cannot change or disable them. You can only view their details.');
    expect(screen.getByText('rita@beta.test')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save main contact' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/companies/c-9'));
    expect(writes).toBe(0);
  });

  it('a referent the caller may manage gets the form with its data', async () => {
    const referent = { id: 'u-7', firstName: 'Rita', lastName: 'Referente', phoneCountry: '+39', phone: '3331234567', email: 'rita@beta.test', status: 'ACTIVE', actions: ['edit', 'remove'], outOfScope: [] };
    server.use(http.get(COMPANY, () => HttpResponse.json({ ...company, referent })));
    await renderScreen(<CompanyReferentPage />, { path: '/privative-orders/companies/c-9/edit/referent', route: '/privative-orders/companies/:id/edit/referent', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    expect(await screen.findByDisplayValue('rita@beta.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save main contact' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-out-of-scope')).not.toBeInTheDocument();
  });
});
