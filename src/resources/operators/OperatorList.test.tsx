import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import CompanyRegistry from '../companies/CompanyRegistry';

const operator = (id: string, firstName: string, status: string, actions = status === 'DISABLED' ? ['edit'] : ['edit', 'delete']) => ({
  id,
  companyId: 'c-2',
  companyName: 'Acme Nord',
  firstName,
  lastName: 'Rossi',
  phoneCountry: '+39',
  phone: '3331234567',
  email: `${id}@acme.test`,
  status,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  actions,
  outOfScope: [],
});

describe('OperatorList (operators tab)', () => {
  it('opens on the operators of one company (?companyId=), counts them, and an operator name is a link that opens the operator dialog from its address', async () => {
    const filters: unknown[] = [];
    const rows = [operator('o-1', 'Anna', 'ACTIVE'), operator('o-2', 'Bruno', 'DISABLED')];
    server.use(
      http.get('/api/company/company-1/operators', ({ request }) => {
        filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
        return HttpResponse.json(rows, { headers: { 'Content-Range': 'operators 0-1/2' } });
      }),
      http.get('/api/company/company-1/operators/o-2', () => HttpResponse.json(rows[1])),
      http.get('/api/company/company-1/companies', () => HttpResponse.json([{ id: 'c-2', companyName: 'Acme Nord' }], { headers: { 'Content-Range': 'companies 0-0/1' } })),
    );
    await renderScreen(<CompanyRegistry />, { path: '/privative-orders/companies/list?tab=operators&companyId=c-2', route: '/privative-orders/companies/list', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    expect(await screen.findByText('2 operators')).toBeInTheDocument();
    expect(filters[0]).toEqual({ companyId: 'c-2' });

    const links = screen.getAllByRole('link', { name: 'Rossi' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/privative-orders/companies/list?tab=operators&companyId=c-2&operator=o-1', '/privative-orders/companies/list?tab=operators&companyId=c-2&operator=o-2']);
    const user = userEvent.setup();
    screen.getAllByRole('link', { name: 'Rossi' })[1].focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Operator' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('Bruno'));
    // a disabled operator cannot be disabled again: its record does not offer it
    expect(within(dialog).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('operator=o-2');
  });

  it('an operator holding permissions the caller lacks opens read-only from the tab: a note names them, no Save, no Disable (issue 37)', async () => {
    const oscar = { ...operator('o-3', 'Oscar', 'ACTIVE', []), outOfScope: ['square.orders', 'square.codes'] };
    server.use(
      http.get('/api/company/company-1/operators', () => HttpResponse.json([operator('o-1', 'Anna', 'ACTIVE'), oscar], { headers: { 'Content-Range': 'operators 0-1/2' } })),
      http.get('/api/company/company-1/operators/o-3', () => HttpResponse.json(oscar)),
      http.get('/api/company/company-1/companies', () => HttpResponse.json([{ id: 'c-2', companyName: 'Acme Nord' }], { headers: { 'Content-Range': 'companies 0-0/1' } })),
    );
    await renderScreen(<CompanyRegistry />, { path: '/privative-orders/companies/list?tab=operators&operator=o-3', route: '/privative-orders/companies/list', permissions: ['privative.companies'], resource: 'privative-orders/companies' });
    const dialog = await screen.findByRole('dialog', { name: 'Operator' });
    const note = await within(dialog).findByTestId('user-out-of-scope');
    expect(note).toHaveTextContent('This user holds permissions you do not have (Square / Orders; Square / Generated codes): you cannot change or disable them.');
    expect(within(dialog).getByText('o-3@acme.test')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('operator=o-3'));
  });
});
