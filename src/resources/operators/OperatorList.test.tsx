import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import CompanyRegistry from '../companies/CompanyRegistry';

const operator = (id: string, firstName: string, status: string) => ({ id, companyId: 'c-2', companyName: 'Acme Nord', firstName, lastName: 'Rossi', phoneCountry: '+39', phone: '3331234567', email: `${id}@acme.test`, status, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' });

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
    // a disabled operator cannot be disabled again: the action is not offered
    expect(within(dialog).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('operator=o-2');
  });
});
