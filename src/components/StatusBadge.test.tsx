import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../i18n/i18nProvider';
import { ListLoadError } from './ListLoadError';
import { StatusBadge, statusTone, TONE_STYLES } from './StatusBadge';

describe('StatusBadge', () => {
  it('colours the states as SPEC §4 says', () => {
    expect(['ACTIVE', 'SOLD', 'COMPLETED', 'ISSUED', 'DELIVERED'].map(statusTone)).toEqual(Array(5).fill('green'));
    expect(['IN_PROGRESS', 'PENDING', 'DISABLED'].map(statusTone)).toEqual(Array(3).fill('yellow'));
    expect(['LOCKED', 'CANCELLED', 'DELETED', 'DISCARDED'].map(statusTone)).toEqual(Array(4).fill('red'));
    expect(statusTone('EXPIRED')).toBe('grey');
    expect(['NOT_ACTIVE', 'DRAFT', 'not active'].map(statusTone)).toEqual(Array(3).fill('transparent'));
  });

  it('reads a schema choice tone (MUI palette name) as a SPEC tone, and an explicit tone wins', () => {
    render(
      <>
        <StatusBadge tone="warning" label="Disabilitato" />
        <StatusBadge tone="red" status="EXPIRED" label="Scaduto" />
        <StatusBadge status="ACTIVE" label="Attiva" />
      </>,
    );
    expect(screen.getByText('Disabilitato')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('Scaduto')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('Attiva')).toHaveAttribute('data-tone', 'green');
  });

  it('keeps text on background at WCAG AA contrast for every tone', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const { bgcolor, color } of Object.values(TONE_STYLES)) {
      const [light, dark] = [luminance(bgcolor === 'transparent' ? '#ffffff' : bgcolor), luminance(color)].sort((a, b) => b - a);
      expect((light + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('ListLoadError', () => {
  it('says the list could not be loaded, with the reason and a Retry button', async () => {
    const onRetry = vi.fn();
    render(
      <AdminContext i18nProvider={await createI18nProvider()}>
        <ListLoadError error={new Error('Server error. Try again later.')} onRetry={onRetry} />
      </AdminContext>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded');
    expect(alert).toHaveTextContent('Server error. Try again later.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
