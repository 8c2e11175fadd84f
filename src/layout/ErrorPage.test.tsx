import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe } from '../test/LocationProbe';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { ErrorPage } from './ErrorPage';

describe('ErrorPage', () => {
  it('shows the general error texts, reveals the stack on demand and resets to /', async () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at Screen (Screen.tsx:12:3)';
    await renderWithAdmin(
      <>
        <ErrorPage error={error} />
        <LocationProbe />
      </>,
      { path: '/privative/giftcards' },
    );
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('An error occurred while processing your request. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText(/at Screen/)).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByText(/at Screen \(Screen.tsx:12:3\)/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
