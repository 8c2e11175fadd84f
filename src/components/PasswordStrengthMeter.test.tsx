import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

async function renderMeter(password: string, onAcceptedChange = vi.fn()) {
  await renderWithAdmin(<PasswordStrengthMeter password={password} onAcceptedChange={onAcceptedChange} />);
  return { meter: screen.getByRole('meter'), bar: screen.getByTestId('password-strength-bar'), onAcceptedChange };
}

describe('PasswordStrengthMeter', () => {
  it.each([
    ['', 0, '5%', 'Very weak'],
    ['abc', 0, '5%', 'Very weak'],
    ['abcD', 1, '25%', 'Weak'],
    ['abcD1', 2, '50%', 'Medium'],
    ['abcD1!', 3, '75%', 'Strong'],
    ['abcD1!abcdefgh', 4, '100%', 'Very strong'],
  ])('"%s" is level %i with a %s bar labelled %s', async (password, level, width, label) => {
    const { meter, bar } = await renderMeter(password);
    expect(meter).toHaveAttribute('aria-valuenow', String(level));
    expect(meter).toHaveAttribute('aria-valuetext', label);
    expect(bar).toHaveStyle({ width });
    expect(screen.getByText(`Password strength: ${label}`)).toBeInTheDocument();
  });

  it('reports the value only when all four criteria hold', async () => {
    const weak = await renderMeter('abcD1!');
    expect(weak.onAcceptedChange).toHaveBeenLastCalledWith(null);
    cleanup();

    const strong = await renderMeter('abcD1!abcdefgh');
    expect(strong.onAcceptedChange).toHaveBeenLastCalledWith('abcD1!abcdefgh');
  });

  it('labels levels in Italian', async () => {
    await i18n.changeLanguage('it');
    await renderMeter('abcD1!abcdefgh');
    expect(screen.getByText('Sicurezza della password: Molto forte')).toBeInTheDocument();
    expect(screen.getByText('Almeno 12 caratteri')).toBeInTheDocument();
  });
});
