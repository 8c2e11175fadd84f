import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PermissionKey } from '../../../../domain/permissions';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { API, settings } from '../shared/testData.test-helper';
import NotificationSettingsPage from './NotificationSettingsPage';

const URL_ = `${API}/notifications`;
const render = (permissions: PermissionKey[] = ['reloadable.notifications']) =>
  renderScreen(<NotificationSettingsPage />, { path: '/reloadables/notifications', permissions, resource: 'reloadables/notifications' });

describe('NotificationSettingsPage', () => {
  it('saves the settings as the API body (recipients list, threshold in cents) and says "Notification setting updated"', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(URL_, () => HttpResponse.json(settings())),
      http.put(URL_, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json(settings({ ...body, updatedAt: '2026-11-23T08:00:00.000Z' } as Partial<ReturnType<typeof settings>>));
      }),
    );
    await render();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByText('Default settings: never saved.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Recipients' }), 'ops@acme.test, cfo@acme.test');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: 'Low balance alert' }));
    const threshold = screen.getByRole('textbox', { name: /Threshold/ });
    // on, the alert needs a threshold above zero (the stored one is 0)
    await waitFor(() => expect(save).toBeDisabled());
    await user.clear(threshold);
    await user.type(threshold, '1500,50');
    await user.click(screen.getByRole('switch', { name: 'Monthly statement' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Notification setting updated')).toBeInTheDocument();
    expect(bodies).toEqual([
      { recipients: ['ops@acme.test', 'cfo@acme.test'], lowBalanceEnabled: true, lowBalanceThresholdCents: 150_050, runCompletedEnabled: true, runFailedEnabled: true, monthlyStatementEnabled: true },
    ]);
    expect(await screen.findByText(/Last saved 23\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('refuses an address that is not an e-mail on its field, and sends nothing', async () => {
    const put = { calls: 0 };
    server.use(
      http.get(URL_, () => HttpResponse.json(settings())),
      http.put(URL_, () => {
        put.calls += 1;
        return HttpResponse.json(settings());
      }),
    );
    await render();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Recipients' }), 'ops@acme.test; not-an-address');
    expect(await screen.findByText('One of the addresses is not a valid e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(put.calls).toBe(0);
  });

  it('a failed load says so with a retry, never an empty form', async () => {
    server.use(http.get(URL_, () => HttpResponse.json({ title: 'Error', status: 500, instance: URL_ }, { status: 500 })));
    await render();
    expect(await screen.findByTestId('list-load-error')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
