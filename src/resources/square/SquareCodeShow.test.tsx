import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { ORDER_ID, SQUARE, squareCode } from './squareData.test-helper';
import SquareCodeShow from './SquareCodeShow';

describe('SquareCodeShow', () => {
  it('shows the code’s fields, a link to its order and its activity oldest first with the amounts it moved', async () => {
    const code = squareCode({
      status: 'SPENT',
      valueCents: 0,
      activity: [
        { id: 'a1', activity: 'MINTED', fromStatus: null, toStatus: 'NOT_ACTIVE', amountCents: 5000, at: '2026-11-20T10:00:00.000Z', userName: 'Ada Lovelace' },
        { id: 'a2', activity: 'ACTIVATED', fromStatus: 'NOT_ACTIVE', toStatus: 'SOLD', amountCents: 0, at: '2026-11-21T10:00:00.000Z', userName: null },
        { id: 'a3', activity: 'SPENT', fromStatus: 'SOLD', toStatus: 'SPENT', amountCents: -5000, at: '2026-11-22T10:00:00.000Z', userName: null },
      ],
    });
    server.use(http.get(`${SQUARE}/codes/code-1`, () => HttpResponse.json(code)));
    await renderScreen(<SquareCodeShow />, { path: '/square/codes/code-1', route: '/square/codes/:id', permissions: ['square.codes'], resource: 'square/codes' });
    expect(await screen.findByRole('heading', { name: 'SQ7K2M9P4X' })).toBeInTheDocument();
    expect(screen.getByText('mario.rossi@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SQ-000042' })).toHaveAttribute('href', `/square/orders/${ORDER_ID}`);
    const activity = screen.getByRole('table', { name: 'Activity' });
    // the table scrolls sideways on a phone: its box takes focus and is a named region (axe scrollable-region-focusable)
    expect(activity.parentElement).toHaveAttribute('role', 'region');
    expect(activity.parentElement).toHaveAttribute('aria-label', 'Activity');
    expect(activity.parentElement).toHaveAttribute('tabindex', '0');
    const rows = within(activity)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Generated', '—', 'Not active', '+€50.00', 'Ada Lovelace'],
      ['Activated', 'Not active', 'Sold', '€0.00', '—'],
      ['Redeemed', 'Sold', 'Redeemed', '-€50.00', '—'],
    ]);
  });
});
