import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { API, category, listOf, serveConfiguration, ticket } from './ticketData.test-helper';
import TicketList from './TicketList';

function serve(provider: boolean) {
  const filters: unknown[] = [];
  serveConfiguration(provider);
  server.use(
    http.get(`${API}/ticket-categories`, () => listOf([category()], 'categories')),
    http.get(`${API}/tickets`, ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}');
      filters.push(filter);
      return listOf(filter.deleted ? [ticket({ number: 1007, deletedAt: '2026-11-21T10:00:00.000Z', actions: ['restore'] })] : [ticket()], 'tickets');
    }),
  );
  return filters;
}

const renderList = () => renderScreen(<TicketList />, { path: '/tickets/list', permissions: ['ticketing'], resource: 'tickets' });

describe('TicketList', () => {
  it('lets provider staff list the deleted tickets (to restore them)', async () => {
    const filters = serve(true);
    await renderList();
    expect(await screen.findByText('#1042')).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Show deleted tickets' }));
    expect(await screen.findByText('#1007')).toBeInTheDocument();
    await waitFor(() => expect(filters.at(-1)).toEqual({ deleted: true }));
  });

  it("offers customers no deleted tickets' switch", async () => {
    serve(false);
    await renderList();
    expect(await screen.findByText('#1042')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show deleted tickets' })).not.toBeInTheDocument();
  });
});
