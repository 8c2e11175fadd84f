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
    expect(screen.getByRole('checkbox', { name: 'Orders, Order history' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(sent).toEqual([{ firstName: 'Carla', lastName: 'Collega', email: 'carla@acme.test', phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', permissions: ['report', 'ticketing'] }]);
  });

  it("one's own account: role and permissions locked, said once in the page's text colour", async () => {
    serve(() => HttpResponse.json(carla));
    server.use(http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(['management', 'ticketing', 'report'], { id: 'u-carla', role: 'OPERATOR' }))));
    await render();
    expect(await screen.findByTestId('own-rights-hint')).toHaveTextContent('You cannot change your own role or permissions.');
    expect(screen.getAllByText('You cannot change your own role or permissions.')).toHaveLength(1);
    expect(screen.getAllByRole('checkbox').every((checkbox) => (checkbox as HTMLInputElement).disabled)).toBe(true);
    // the data stays editable
    expect(screen.getByRole('textbox', { name: /^First name/ })).toBeEnabled();
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
    expect(note).toHaveTextContent('This user holds permissions you do not have (Gift cards / Orders, Order history; Square / Orders): you cannot change or disable them. You can only view their details.');
    expect(screen.getByRole('heading', { level: 1, name: 'Oscar Operatore' })).toBeInTheDocument();
    expect(screen.getByText('operator@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // his permissions, shown and locked
    expect(screen.getByRole('checkbox', { name: 'Orders' })).toBeChecked();
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
    expect(await screen.findByText('This user holds permissions you do not have (Square / Orders; Square / Generated codes): you cannot change or disable them.')).toBeInTheDocument();
  });

  describe('issue 43: a stored user without a phone, the reasons and the limits', () => {
    /** as the demo users are stored: no phone, no prefix (Nora, granted "Report" by Rita) */
    const nora: UserRecord = { ...carla, id: 'u-carla', firstName: 'Nora', lastName: 'Nessuno', email: 'noaccess@acme.test', phone: null, phoneCountry: null, permissions: [] };
    const serveNora = () => {
      const sent = serve((body) => HttpResponse.json({ ...nora, ...(body as object) }));
      server.use(http.get(`${USERS}/u-carla`, () => HttpResponse.json(nora)));
      return sent;
    };

    it('granting one permission to a user stored without a phone saves (no phone invented)', async () => {
      const sent = serveNora();
      await render();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('checkbox', { name: 'Reports' }));
      const save = screen.getByRole('button', { name: 'Save' });
      await waitFor(() => expect(save).toBeEnabled());
      expect(screen.queryByTestId('form-blockers')).not.toBeInTheDocument();
      await user.click(save);
      expect(await screen.findByText('User updated')).toBeInTheDocument();
      expect(sent).toEqual([{ firstName: 'Nora', lastName: 'Nessuno', email: 'noaccess@acme.test', phoneCountry: null, phone: null, role: 'OPERATOR', permissions: ['report'] }]);
    });

    it('states the limits up front, numbers from the rule', async () => {
      serveNora();
      await render();
      expect(await screen.findAllByText('3 to 40 letters, no digits or special characters')).toHaveLength(2);
      expect(screen.getByText('Optional: exactly 10 digits, with the country code')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('maxLength', '10');
    });

    it('a changed, invalid form says why Save is greyed out, naming untouched fields too, and a click focuses the field', async () => {
      serveNora();
      await render();
      const user = userEvent.setup();
      // a phone without its prefix: the prefix, never touched, is what blocks
      await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '3331234567');
      const note = await screen.findByTestId('form-blockers');
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(note).toHaveTextContent('You cannot save yet: correct these fields.');
      await waitFor(() => expect(note).toHaveTextContent('Country code: Enter the country code: + and 1 to 4 digits, e.g. +39'));
      // the field itself shows the message, not only after focusing and leaving it
      expect(screen.getByRole('textbox', { name: 'Country code' })).toHaveAttribute('aria-invalid', 'true');
      await user.click(within(note).getByRole('button', { name: 'Country code' }));
      expect(screen.getByRole('textbox', { name: 'Country code' })).toHaveFocus();
      await user.type(screen.getByRole('textbox', { name: 'Country code' }), '+39');
      await waitFor(() => expect(screen.queryByTestId('form-blockers')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    });
  });

  describe('issue 43: focus after a state action stays on the page', () => {
    it('enable: focus goes to Disable, the action that follows, not to the page body', async () => {
      let current: UserRecord = { ...carla, status: 'DISABLED', actions: ['edit', 'enable'] };
      serve(() => HttpResponse.json(current));
      server.use(
        http.get(`${USERS}/u-carla`, () => HttpResponse.json(current)),
        http.post(`${USERS}/u-carla/enable`, () => {
          current = { ...carla };
          return new HttpResponse(null, { status: 204 });
        }),
      );
      await render();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Enable' }));
      expect(await screen.findByText('User enabled')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Disable' })).toHaveFocus());
    });

    it('disable: once confirmed, focus goes to Enable', async () => {
      let current: UserRecord = { ...carla };
      serve(() => HttpResponse.json(current));
      server.use(
        http.get(`${USERS}/u-carla`, () => HttpResponse.json(current)),
        http.post(`${USERS}/u-carla/disable`, () => {
          current = { ...carla, status: 'DISABLED', actions: ['edit', 'enable'] };
          return new HttpResponse(null, { status: 204 });
        }),
      );
      await render();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Disable' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Enable' })).toHaveFocus());
      expect(document.activeElement).not.toBe(document.body);
    });
  });
});
