import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../domain/access';
import { permissionsFrom } from '../../../domain/permissions';
import { App } from '../../App';
import { hasSession } from '../../dataProvider/session';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { createQueryClient } from '../../dataProvider/queryClient';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { signedIn, userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';
import { API, category, listOf, ticket } from './ticketData.test-helper';

async function renderApp(path: string) {
  signedIn();
  const permissions = permissionsFrom(['ticketing']);
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    getIdentity: async () => ({ id: 'user-1', fullName: 'Ada Lovelace' }),
    getConfiguration: async () => userConfiguration(['ticketing']),
    hasSession,
    canAccess: async ({ resource, action }) => canAccess(permissions, resource, action),
  };
  const dataProvider = createDataProvider(createHttpClient({ onSessionEnd: () => undefined }));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App authProvider={authProvider} dataProvider={dataProvider} i18nProvider={await createI18nProvider()} queryClient={createQueryClient()} />
    </MemoryRouter>,
  );
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, { timeout: 5000 });

describe('tickets routes', () => {
  it('ranks tickets/categories above a ticket id: /tickets/categories is the categories list, /tickets/categories/{id} a category', async () => {
    server.use(
      http.get(`${API}/ticket-categories`, () => listOf([category()], 'categories')),
      http.get(`${API}/ticket-categories/cat-1`, () => HttpResponse.json(category())),
      http.get(`${API}/tickets/:id`, () => HttpResponse.json(ticket())),
    );
    const list = await renderApp('/tickets/categories');
    expect(await heading('Ticket categories')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Order problem' })).toHaveAttribute('href', '/tickets/categories/cat-1');
    list.unmount();
    const detail = await renderApp('/tickets/categories/cat-1');
    expect(await heading('Ticket category')).toBeInTheDocument();
    detail.unmount();
    await renderApp('/tickets/ticket-1');
    expect(await heading('Ticket detail')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ticket no. 1042' })).toBeInTheDocument();
  });

  it('opens the list at /tickets/list and the form at /tickets/create', async () => {
    server.use(
      http.get(`${API}/tickets`, () => listOf([ticket()], 'tickets')),
      http.get(`${API}/ticket-categories`, () => listOf([category()], 'categories')),
    );
    const list = await renderApp('/tickets');
    expect(await heading('Tickets')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '#1042' })).toHaveAttribute('href', '/tickets/ticket-1');
    list.unmount();
    await renderApp('/tickets/create');
    expect(await heading('New ticket')).toBeInTheDocument();
  });
});
