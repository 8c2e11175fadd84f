import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../../domain/schemas/users';
import { problem, userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import UserEdit from './UserEdit';

const USERS = '/api/company/company-1/users';
const carla: UserRecord = {
  id: 'u-carla',
  firstName: 'Carla',
  lastName: 'Collega',
  email: 'carla@acme.test',
  pendingEmail: null,
  phone: '3331234567',
  phoneCountry: '+39',
  role: 'OPERATOR',
  permissions: ['ticketing'],
  status: 'ACTIVE',
  companyId: 'company-1',
  companyName: 'Acme',
  language: 'it',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSignInAt: null,
  actions: ['edit', 'disable'],
  outOfScope: [],
};
/** holds flags the referent does not: she may read him, nothing more (issue 37) */
const oscar: UserRecord = {
  ...carla,
  id: 'u-oscar',
  firstName: 'Oscar',
  lastName: 'Operatore',
  email: 'operator@acme.test',
  permissions: ['privative.orders', 'ticketing', 'square.orders'],
  actions: [],
  outOfScope: ['privative.orders', 'square.orders'],
};

function serve(put: (body: unknown) => Response) {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(['management', 'ticketing', 'report'], { id: 'user-1', role: 'REFERENT' }))),
    http.get(`${USERS}/grantable`, () => HttpResponse.json({ permissions: ['report', 'ticketing', 'management'], roles: ['REFERENT', 'OPERATOR'] })),
    http.get(`${USERS}/u-carla`, () => HttpResponse.json(carla)),
    http.put(`${USERS}/u-carla`, async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return put(body);
    }),
  );
  return sent;
}

const render = (id = 'u-carla') => renderScreen(<UserEdit />, { path: `/users/${id}`, route: '/users/:id', permissions: ['management', 'ticketing', 'report'], resource: 'users' });

describe('UserEdit', () => {
  it('saves data, role and the checked permissions', async () => {
    const sent = serve((body) => HttpResponse.json({ ...carla, ...(body as object) }));
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Reports' }));
    expect(screen.getByRole('checkbox', { name: 'Orders' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(sent).toEqual([{ firstName: 'Carla', lastName: 'Collega', email: 'carla@acme.test', phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', permissions: ['report', 'ticketing'] }]);
  });

  it('a refused grant (403 PERMISSION_NOT_GRANTABLE) shows the translated list of what cannot be granted', async () => {
    serve(() =>
      HttpResponse.json({ ...problem(403, 'PERMISSION_NOT_GRANTABLE', `${USERS}/u-carla`), params: { permissions: 'report' }, notGrantable: ['report'] }, { status: 403 }),
    );
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Reports' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const list = await screen.findByTestId('not-grantable');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Reports']);
    await waitFor(() => expect(screen.getByText('You cannot grant permissions you do not hold: Reports.')).toBeInTheDocument());
  });

  it('a user holding permissions the caller lacks: the page names them and offers neither the form nor an action', async () => {
    serve(() => HttpResponse.json(carla));
    server.use(http.get(`${USERS}/u-oscar`, () => HttpResponse.json(oscar)));
    await render('u-oscar');
    const note = await screen.findByTestId('user-out-of-scope');
    expect(note).toHaveTextContent('This user holds permissions you do not have (Orders, Voucher orders): you cannot change or disable them. You can only view their details.');
    expect(screen.getByRole('heading', { level: 1, name: 'Oscar Operatore' })).toBeInTheDocument();
    expect(screen.getByText('operator@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // his permissions, shown and locked
    expect(screen.getByRole('checkbox', { name: 'Voucher orders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Reports' })).not.toBeChecked();
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });

  it('a user the caller may manage shows no such note', async () => {
    serve(() => HttpResponse.json(carla));
    await render();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-out-of-scope')).not.toBeInTheDocument();
  });

  it('a refused action (403 USER_OUT_OF_SCOPE, e.g. flags granted meanwhile) names the permissions translated', async () => {
    serve(() => HttpResponse.json(carla));
    server.use(
      http.post(`${USERS}/u-carla/disable`, () =>
        HttpResponse.json({ ...problem(403, 'USER_OUT_OF_SCOPE', `${USERS}/u-carla/disable`), params: { permissions: 'square.orders,square.codes' }, outOfScope: ['square.orders', 'square.codes'] }, { status: 403 }),
      ),
    );
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('This user holds permissions you do not have (Voucher orders, Voucher codes): you cannot change or disable them.')).toBeInTheDocument();
  });
});
