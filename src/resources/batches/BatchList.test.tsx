import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import BatchList from './BatchList';
import { typology } from '../../test/builders';
import { batch, BATCHES_API, page, serveConfiguration, TYPOLOGIES_API } from './testData.test-helper';

const render = () => renderScreen(<BatchList />, { path: '/privative/batches/list', route: '/privative/batches/list', permissions: ['privative.batches'], resource: 'privative/batches' });

describe('BatchList', () => {
  it('shows the SPEC §3 fields with §4 badges, a count, and the lot number as a link to the batch', async () => {
    serveConfiguration(true);
    server.use(
      http.get(TYPOLOGIES_API, () => page([])),
      http.get(BATCHES_API, () =>
        page([
          batch({ archiveStatus: 'COMPLETED' }),
          batch({ id: '00000000-0000-4000-8b00-000000000002', lotNumber: 'LOT-2', status: 'IN_PROGRESS', generatedCount: 10, progressiveFrom: null, progressiveTo: null, orderReference: null }),
        ]),
      ),
    );
    await render();
    expect(await screen.findByText('2 batches')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'LOT-1' });
    expect(link).toHaveAttribute('href', `/privative/batches/${batch().id}`);
    const rows = screen.getAllByRole('row');
    const first = within(rows[1]);
    // the batch's state and its PDF archive's, both SPEC §4 green when completed
    expect(first.getAllByText('Completed').map((badge) => badge.getAttribute('data-tone'))).toEqual(['green', 'green']);
    expect(first.getByText('10,000')).toBeInTheDocument();
    expect(first.getByText('Gift Card 25 €')).toBeInTheDocument();
    expect(first.getByText('1–10000')).toBeInTheDocument();
    expect(first.getByText('31/12/2027')).toBeInTheDocument();
    expect(first.getByText('PO-1')).toBeInTheDocument();
    const second = within(rows[2]);
    expect(second.getByText('In progress')).toHaveAttribute('data-tone', 'yellow');
    expect(second.getByText('Not requested')).toBeInTheDocument();
    for (const header of ['Date', 'Product', 'Status', 'PDF archive status', 'Quantity', 'Order reference', 'Batch number', 'Sequence numbers (from–to)', 'Expiry date']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header.replace(/[()]/g, '\\$&')) })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Generate batch' })).toHaveAttribute('href', '/privative/batches/create');
  });

  it('sends the lot number, state and archive-state filters, newest first', async () => {
    serveConfiguration(false);
    const queries: URLSearchParams[] = [];
    const typologyQueries: URLSearchParams[] = [];
    server.use(
      http.get(BATCHES_API, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return page([batch()]);
      }),
      http.get(TYPOLOGIES_API, ({ request }) => {
        typologyQueries.push(new URL(request.url).searchParams);
        return page([typology({ id: batch().typologyId, name: 'Gift Card 25 €' })] as never);
      }),
    );
    await render();
    await screen.findByRole('link', { name: 'LOT-1' });
    expect(queries[0].get('sort')).toBe('["createdAt","DESC"]');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Batch number'), 'LOT-9');
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ lotNumber: 'LOT-9' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Verification' }));
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ lotNumber: 'LOT-9', status: 'ERROR' }));
    await user.click(screen.getByRole('combobox', { name: 'PDF archive status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ lotNumber: 'LOT-9', status: 'ERROR', archiveStatus: 'COMPLETED' }));
    // the catalog's physical typologies, sorted as the API allows
    expect(typologyQueries[0].get('sort')).toBe('["name","ASC"]');
    expect(JSON.parse(typologyQueries[0].get('filter')!)).toEqual({ type: 'PHYSICAL' });
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Gift Card 25 €' }));
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toMatchObject({ typologyId: batch().typologyId }));
    // a customer's user reads batches but does not make them
    expect(screen.queryByRole('link', { name: 'Generate batch' })).not.toBeInTheDocument();
  });

  it('follows a batch being made: the list asks again until no batch is busy', async () => {
    serveConfiguration(false);
    let calls = 0;
    server.use(
      http.get(TYPOLOGIES_API, () => page([])),
      http.get(BATCHES_API, () => {
        calls += 1;
        return page([batch({ status: calls < 2 ? 'IN_PROGRESS' : 'COMPLETED', generatedCount: calls < 2 ? 10 : 10000 })]);
      }),
    );
    await render();
    expect(await screen.findByText('In progress')).toHaveAttribute('data-tone', 'yellow');
    expect(await screen.findByText('Completed', {}, { timeout: 6000 })).toHaveAttribute('data-tone', 'green');
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls).toBe(after);
  });
});
