import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import StoreCreate from './StoreCreate';

describe('StoreCreate (store form)', () => {
  it('applies the SPEC store rules and posts the store when valid', async () => {
    let posted: unknown;
    server.use(
      http.post('/api/company/company-1/stores', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ id: 's-1', ...(posted as object) }, { status: 201 });
      }),
    );
    await renderScreen(<StoreCreate />, { permissions: ['privative.stores'], resource: 'privative/stores' });
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Save' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText(/^Code/), 'N');
    await user.type(screen.getByLabelText(/^Name/), 'Bad*Name');
    await user.type(screen.getByLabelText(/^Store category/), 'R');
    const storeRule = (await screen.findAllByText(/letters, digits, spaces, hyphen or comma/))[0].textContent;
    expect(screen.getAllByText(storeRule!)).toHaveLength(2);
    expect(screen.getByText('From 2 to 40 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    // too long: the same message (it states the whole rule, maximum included), never a bare "at least 2"
    await user.clear(screen.getByLabelText(/^Code/));
    await user.click(screen.getByLabelText(/^Code/));
    await user.paste('C'.repeat(200));
    expect(screen.getByLabelText(/^Code/)).toHaveValue('C'.repeat(40));
    await user.type(screen.getByLabelText(/^Code/), '{Backspace}');
    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), 'N');

    await user.type(screen.getByLabelText(/^Code/), 'EG-1');
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Negozio, Centro');
    await user.type(screen.getByLabelText(/^Store category/), 'ETAIL');
    await user.click(screen.getByLabelText('Default activation store'));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/privative\/stores$/));
    expect(posted).toEqual({ code: 'NEG-1', name: 'Negozio, Centro', storeCategoryId: 'RETAIL', defaultActivationStore: true });
    expect(await screen.findByText('Store created')).toBeInTheDocument();
  });
});
