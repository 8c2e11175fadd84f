import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import CompanyCreate from './CompanyCreate';
import { renderScreen } from '../../test/renderScreen';

const API = '/api/company/company-1/companies';

function listNoCompanies() {
  server.use(http.get(API, () => HttpResponse.json([], { headers: { 'Content-Range': 'companies 0-0/0' } })));
}

async function fillStepOne(user: ReturnType<typeof userEvent.setup>, code = 'BETA') {
  await screen.findByLabelText(/^Code/);
  await user.type(screen.getByLabelText(/^Code/), code);
  await user.type(screen.getByLabelText(/^Company name/), 'Beta');
  await user.type(screen.getByLabelText(/^Business name/), 'Beta S.r.l.');
  await user.type(screen.getByLabelText(/^VAT number/), 'IT01234567890');
}

async function fillStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Address/), 'Via Roma 1');
  await user.type(screen.getByLabelText(/^City/), 'Milano');
  await user.type(screen.getByLabelText(/^Municipality/), 'Milano');
  await user.type(screen.getByLabelText(/^Province/), 'MI');
  await user.type(screen.getByLabelText(/^ZIP code/), '20121');
}

describe('CompanyCreate (two-step company form)', () => {
  it('keeps step 1 until its fields follow the SPEC rules, then posts the company and opens the referent form', async () => {
    listNoCompanies();
    let posted: unknown;
    server.use(
      http.post(API, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ id: 'new-company', companyName: 'Beta' }, { status: 201 });
      }),
    );
    await renderScreen(<CompanyCreate />, { permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Code/), 'B');
    await user.type(screen.getByLabelText(/^VAT number/), 'it 12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // every step-1 field is checked: the short code and the empty names
    // (a field's limit is stated under it before any input: the refused ones show it as their error)
    await waitFor(() => expect([...document.querySelectorAll('.MuiFormHelperText-root.Mui-error')].filter((line) => line.textContent === 'From 2 to 40 characters')).toHaveLength(3));
    expect(screen.getByText('Enter 5 to 16 upper-case letters or digits, without spaces or symbols')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Address/)).not.toBeVisible();

    await user.clear(screen.getByLabelText(/^Code/));
    await user.clear(screen.getByLabelText(/^VAT number/));
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText(/^Address/)).toBeVisible());
    const submit = screen.getByRole('button', { name: 'Save and continue' });
    expect(submit).toBeDisabled();

    await fillStepTwo(user);
    await user.clear(screen.getByLabelText(/^ZIP code/));
    await user.type(screen.getByLabelText(/^ZIP code/), '2012');
    expect(await screen.findByText('Enter exactly 5 digits')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^ZIP code/), '1');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/companies/new/referent?company=new-company'));
    expect(posted).toEqual({
      code: 'BETA',
      companyName: 'Beta',
      businessName: 'Beta S.r.l.',
      vatNumber: 'IT01234567890',
      address: 'Via Roma 1',
      city: 'Milano',
      municipality: 'Milano',
      province: 'MI',
      zip: '20121',
      parentId: 'company-1',
    });
    expect(await screen.findByText('Company created')).toBeInTheDocument();
  });

  it('puts a server field error on its field and goes back to its step', async () => {
    listNoCompanies();
    server.use(
      http.post(API, () =>
        HttpResponse.json({ ...problem(409, 'DUPLICATE_CODE', API, 'taken'), errors: { code: 'validation.duplicateCode' } }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    await renderScreen(<CompanyCreate />, { permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const user = userEvent.setup();
    await fillStepOne(user, 'ACME');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText(/^Address/)).toBeVisible());
    await fillStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    // react-admin puts the server's field error on the field; the form goes back to its step
    expect(await screen.findByText('This code is already in use')).toBeVisible();
    expect(screen.getByLabelText(/^Code/)).toBeVisible();
  });
});
