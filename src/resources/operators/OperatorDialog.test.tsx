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
    await renderScreen(<OperatorDialog defaultCompanyId="company-1" onClose={onClose} />);
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save' });

    await user.type(screen.getByLabelText(/^First name/), 'Al');
    await user.type(screen.getByLabelText(/^Last name/), 'Bo');
    expect(await screen.findAllByText('Enter at least 3 letters, without digits or special characters')).toHaveLength(2);
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
    expect(await screen.findByText('User created: an activation e-mail is on its way')).toBeInTheDocument();
  });
});
