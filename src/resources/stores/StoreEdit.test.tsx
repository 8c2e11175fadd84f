import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import StoreEdit from './StoreEdit';

const STORE = '/api/company/company-1/stores/s-1';
const store = { id: 's-1', companyId: 'company-1', code: 'NEG-1', name: 'Negozio Centro', storeCategoryId: 'RETAIL', defaultActivationStore: false, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const problemJson = { headers: { 'Content-Type': 'application/problem+json' } };
const render = (permissions: Parameters<typeof renderScreen>[1] = {}) =>
  renderScreen(<StoreEdit />, { path: '/privative/stores/s-1', route: '/privative/stores/:id', permissions: ['privative.stores'], resource: 'privative/stores', ...permissions });

describe('StoreEdit (store detail)', () => {
  it('saves only the declared fields, and shows the server field error under its field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(STORE, () => HttpResponse.json(store)),
      http.put(STORE, async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        if (bodies.length === 1) return HttpResponse.json({ ...problem(409, 'DUPLICATE_CODE', STORE, 'taken'), errors: { code: 'validation.duplicateCode' } }, { status: 409, ...problemJson });
        return HttpResponse.json({ ...store, ...(body as object) });
      }),
    );
    await render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Negozio Centro (NEG-1)', level: 1 })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), ' NEG-2 ');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('This code is already in use')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ code: 'NEG-2', name: 'Negozio Centro', storeCategoryId: 'RETAIL', defaultActivationStore: false });

    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), 'NEG-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Store updated')).toBeInTheDocument();
    expect(screen.queryByText('This code is already in use')).not.toBeInTheDocument();
  });

  it("says 'Error deleting store' and why when the server refuses the delete", async () => {
    server.use(
      http.get(STORE, () => HttpResponse.json(store)),
      http.delete(STORE, () => HttpResponse.json(problem(409, 'STORE_IN_USE', STORE, 'in use'), { status: 409, ...problemJson })),
    );
    await render();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Negozio Centro (NEG-1)', level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the store "Negozio Centro"?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Confirm|Delete/ }));
    expect(await screen.findByText(/^Error deleting store: /)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/privative/stores/s-1');
  });

  it('an id that names no store (malformed or unknown: 404) shows "this store does not exist", not "check the highlighted fields"', async () => {
    server.use(http.get('/api/company/company-1/stores/not-a-uuid', () => HttpResponse.json(problem(404, 'NOT_FOUND', '/x', 'Not found'), { status: 404, ...problemJson })));
    await renderScreen(<StoreEdit />, { path: '/privative/stores/not-a-uuid', route: '/privative/stores/:id', permissions: ['privative.stores'], resource: 'privative/stores' });
    expect(await screen.findByRole('heading', { name: 'Store not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This store does not exist');
    expect(screen.queryByText(/highlighted fields/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/privative\/stores\/not-a-uuid$/);
  });

  it('keeps react-admin access checks on: without the stores flag the page is refused', async () => {
    server.use(http.get(STORE, () => HttpResponse.json(store)));
    await render({ permissions: [] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/access-denied'));
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();
  });
});
