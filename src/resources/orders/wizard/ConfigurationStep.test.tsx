import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { orderItem } from '../testData.test-helper';
import ConfigurationStep from './ConfigurationStep';
import { draft, ORDER_ID, ORDERS_API, serveOrder } from './wizardData.test-helper';

const render = () =>
  renderScreen(<ConfigurationStep />, { path: `/privative-orders/orders/${ORDER_ID}/configuration`, route: '/privative-orders/orders/:id/configuration', permissions: ['privative.orders'], resource: 'privative-orders/orders' });

describe('ConfigurationStep', () => {
  it('states the rules (valid e-mail, company order number required, 1 to 12 months, default 1), saves and opens the review', async () => {
    serveOrder(draft({ shippingType: 'PHYSICAL', items: [orderItem()] }));
    let put: unknown;
    server.use(
      http.put(`${ORDERS_API}/:id`, async ({ request }) => {
        put = await request.json();
        return HttpResponse.json(draft());
      }),
    );
    await render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order configuration' })).toBeInTheDocument();
    const months = await screen.findByRole('combobox', { name: /Valid months/ });
    expect(months).toHaveTextContent('1 month');
    const submit = screen.getByRole('button', { name: 'Continue to review' });
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText(/^Contact name/)).toHaveValue('Ada Lovelace');
    // issue 43: each text's limit is stated before any refusal, from the rule
    expect(screen.getByText('From 2 to 80 characters.')).toBeInTheDocument();
    expect(screen.getByText("Required: your company's own reference for this order, at most 40 characters.")).toBeInTheDocument();
    expect(screen.getByText("Optional: where to ship the cards, if not the company's address; at most 300 characters.")).toBeInTheDocument();
    expect(screen.getByText('How long the cards stay valid after activation: 1 to 12 months.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contact e-mail/), 'giulia@');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contact e-mail/), 'acme.test');
    await user.type(screen.getByLabelText(/^Company order number/), 'x');
    await user.clear(screen.getByLabelText(/^Company order number/));
    expect(await screen.findByText('The field is required and cannot be empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Company order number/), ' PO-2026-9 ');
    await user.click(months);
    expect(await screen.findAllByRole('option')).toHaveLength(12);
    await user.click(screen.getByRole('option', { name: '12 months' }));
    await user.click(screen.getByLabelText('Auto-activate'));
    await user.type(screen.getByLabelText(/^Alternative shipping address/), 'Via Roma 1, Milano');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/privative-orders/orders/${ORDER_ID}/recap?step=review`));
    expect(put).toEqual({
      referentName: 'Ada Lovelace',
      referentEmail: 'giulia@acme.test',
      validMonths: 12,
      companyOrderNumber: 'PO-2026-9',
      sendEmailToCompanyContact: false,
      autoActivate: true,
      shippingAddress: 'Via Roma 1, Milano',
    });
  });
});
