import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { OperatorDialog } from './OperatorDialog';

describe('OperatorDialog (operator form)', () => {
  it('asks for names of at least 3 letters and creates the operator in the chosen company', async () => {
    let posted: unknown;
    server.use(
      http.get('/api/company/company-1/companies', () => HttpResponse.json([{ id: 'c-2', companyName: 'Acme Nord' }], { headers: { 'Content-Range': 'companies 0-0/1' } })),
      http.post('/api/company/company-1/operators', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ id: 'o-1', ...(posted as object), status: 'PENDING_ACTIVATION' }, { status: 201 });
      }),
    );
    const onClose = vi.fn();
    await renderScreen(<OperatorDialog onClose={onClose} />, { permissions: ['privative.companies'] });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save' });

    await user.type(screen.getByLabelText(/^First name/), 'Al');
    await user.type(screen.getByLabelText(/^Last name/), 'Bo');
    expect(await screen.findAllByText('Enter 3 to 40 letters, without digits or special characters')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^First name/), 'do');
    await user.type(screen.getByLabelText(/^Last name/), 'sco');
    await user.type(screen.getByLabelText(/^Phone/), '3331234567');
    await user.type(screen.getByLabelText(/^E-mail/), 'aldo@acme.test');
    await user.click(screen.getByLabelText(/^Company/));
    await user.click(await screen.findByRole('option', { name: 'Acme Nord' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual({ firstName: 'Aldo', lastName: 'Bosco', phoneCountry: '+39', phone: '3331234567', email: 'aldo@acme.test', companyId: 'c-2' });
    expect(await screen.findByText('Operator created: an activation e-mail is on its way')).toBeInTheDocument();
  });

  it('edits an operator without moving it to another company, and shows a server field error on its field', async () => {
    const OPERATOR = '/api/company/company-1/operators/o-1';
    const operator = { id: 'o-1', companyId: 'c-2', companyName: 'Acme Nord', firstName: 'Aldo', lastName: 'Bosco', email: 'aldo@acme.test', phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', status: 'ACTIVE', createdAt: '2026-01-01T00:00:00Z', actions: ['edit', 'delete'], outOfScope: [] };
    let body: unknown;
    server.use(
      http.get('/api/company/company-1/companies', () => HttpResponse.json([{ id: 'c-2', companyName: 'Acme Nord' }], { headers: { 'Content-Range': 'companies 0-0/1' } })),
      http.get(OPERATOR, () => HttpResponse.json(operator)),
      http.put(OPERATOR, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { title: 'Conflict', status: 409, instance: OPERATOR, error: { message: 'EMAIL_EXISTS' }, errors: { email: 'validation.emailExists' } },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }),
    );
    await renderScreen(<OperatorDialog operatorId="o-1" onClose={vi.fn()} />, { permissions: ['privative.companies'] });
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('aldo@acme.test');
    await user.clear(email);
    await user.type(email, 'taken@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This e-mail address already belongs to an account')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Aldo', lastName: 'Bosco', phoneCountry: '+39', phone: '3331234567', email: 'taken@acme.test' });
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-out-of-scope')).not.toBeInTheDocument();
  });

  it('an operator holding permissions the caller lacks: the dialog names them and offers neither the form nor Disable (issue 37)', async () => {
    const OPERATOR = '/api/company/company-1/operators/o-9';
    const oscar = { id: 'o-9', companyId: 'c-1', companyName: 'Acme', firstName: 'Oscar', lastName: 'Operatore', email: 'operator@acme.test', phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', status: 'ACTIVE', createdAt: '2026-01-01T00:00:00Z', actions: [], outOfScope: ['privative.orders', 'square.orders'] };
    let writes = 0;
    server.use(
      http.get(OPERATOR, () => HttpResponse.json(oscar)),
      http.put(OPERATOR, () => {
        writes++;
        return HttpResponse.json(oscar);
      }),
      http.delete(OPERATOR, () => {
        writes++;
        return HttpResponse.json(oscar);
      }),
    );
    const onClose = vi.fn();
    await renderScreen(<OperatorDialog operatorId="o-9" onClose={onClose} />, { permissions: ['privative.companies'] });
    const note = await screen.findByTestId('user-out-of-scope');
    expect(note).toHaveTextContent('This user holds permissions you do not have (Gift cards / Orders, Order history; Square / Orders): you cannot change or disable them. You can only view their details.');
    expect(screen.getByText('operator@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(writes).toBe(0);
  });
});
