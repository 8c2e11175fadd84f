import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import CategoryEdit from './CategoryEdit';
import { API, category, serveConfiguration } from './ticketData.test-helper';

const renderCreate = () => renderScreen(<CategoryEdit />, { path: '/tickets/categories/create', route: '/tickets/categories/create', permissions: ['ticketing'], resource: 'tickets/categories' });
const renderEdit = () => renderScreen(<CategoryEdit />, { path: '/tickets/categories/cat-1', route: '/tickets/categories/:id', permissions: ['ticketing'], resource: 'tickets/categories' });

describe('CategoryEdit', () => {
  it('lets provider staff define a category: names, a field with its options, reordered; the body is what the API reads', async () => {
    serveConfiguration(true);
    const posted: unknown[] = [];
    server.use(http.post(`${API}/ticket-categories`, async ({ request }) => (posted.push(await request.json()), HttpResponse.json(category({ id: 'cat-9' }), { status: 201 }))));
    const user = userEvent.setup();
    await renderCreate();
    // the form opens for staff once their configuration says so
    await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByRole('textbox', { name: 'Name (Italian)' }), 'Richiesta resi');
    await user.type(screen.getByRole('textbox', { name: 'Name (English)' }), 'Return request');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const first = screen.getByRole('listitem', { name: 'Field 1' });
    await user.type(within(first).getByRole('textbox', { name: /Identifier/ }), 'reason');
    await user.click(within(first).getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Dropdown' }));
    await user.type(within(first).getByRole('textbox', { name: 'Label (Italian)' }), 'Motivo');
    await user.type(within(first).getByRole('textbox', { name: 'Label (English)' }), 'Reason');
    await user.click(within(first).getByRole('switch', { name: 'Required' }));
    await user.click(within(first).getByRole('button', { name: 'Add option' }));
    await user.type(within(first).getByRole('textbox', { name: /Option identifier/ }), 'broken');
    await user.type(within(first).getByRole('textbox', { name: 'Option label (Italian)' }), 'Rotto');
    await user.type(within(first).getByRole('textbox', { name: 'Option label (English)' }), 'Broken');
    const second = screen.getByRole('listitem', { name: 'Field 2' });
    await user.type(within(second).getByRole('textbox', { name: /Identifier/ }), 'orderNumber');
    await user.click(within(second).getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Number' }));
    await user.type(within(second).getByRole('textbox', { name: 'Label (Italian)' }), 'Numero ordine');
    await user.type(within(second).getByRole('textbox', { name: 'Label (English)' }), 'Order number');
    await user.type(within(second).getByRole('textbox', { name: 'Minimum value' }), '1');
    await user.click(within(second).getByRole('button', { name: 'Move up field 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: { it: 'Richiesta resi', en: 'Return request' },
      active: true,
      fields: [
        { id: 'orderNumber', type: 'number', label: { it: 'Numero ordine', en: 'Order number' }, required: false, internal: false, limits: { min: 1 } },
        { id: 'reason', type: 'dropdown', label: { it: 'Motivo', en: 'Reason' }, required: true, internal: false, options: [{ id: 'broken', label: { it: 'Rotto', en: 'Broken' }, retired: false }] },
      ],
    });
    expect(await screen.findByText('Category saved')).toBeInTheDocument();
  });

  it('refuses a choice field without an option and a bad id with the category schema, before sending', async () => {
    serveConfiguration(true);
    const user = userEvent.setup();
    await renderCreate();
    await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByRole('textbox', { name: 'Name (Italian)' }), 'Resi');
    await user.type(screen.getByRole('textbox', { name: 'Name (English)' }), 'Returns');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const field = screen.getByRole('listitem', { name: 'Field 1' });
    await user.type(within(field).getByRole('textbox', { name: /Identifier/ }), '9lives');
    await user.click(within(field).getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Single choice' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(field).findByText('At least one option that is not retired is needed')).toBeInTheDocument();
    expect(within(field).getByText('At most 40 characters: a lower-case letter, then letters, digits or _')).toBeInTheDocument();
  });

  it('shows why the server refuses a change existing tickets could not read (409)', async () => {
    serveConfiguration(true);
    server.use(
      http.get(`${API}/ticket-categories/cat-1`, () => HttpResponse.json(category())),
      http.put(`${API}/ticket-categories/cat-1`, () => HttpResponse.json({ ...problem(409, 'TICKET_CATEGORY_CHANGE_REFUSED'), errors: { fields: 'validation.ticketOptionRemoved?option=fax' } }, { status: 409 })),
    );
    const user = userEvent.setup();
    await renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('The change would remove a field or an option existing tickets use');
    expect(screen.getByText('Existing tickets may use option fax: retire it instead of deleting it')).toBeInTheDocument();
  });

  it("shows a customer's user the definition without a way to change it", async () => {
    serveConfiguration(false);
    server.use(http.get(`${API}/ticket-categories/cat-1`, () => HttpResponse.json(category())));
    await renderEdit();
    // by label, not by role: a role query computes every element's accessible name at each poll,
    // which on this long form took seconds per try on a loaded machine
    const name = await screen.findByLabelText(/^Name \(English\)/);
    expect(name).toHaveRole('textbox');
    expect(name).toBeDisabled();
    expect(screen.queryByText('Save', { selector: 'button' })).not.toBeInTheDocument();
    expect(screen.queryByText('Add field', { selector: 'button' })).not.toBeInTheDocument();
  });
});
