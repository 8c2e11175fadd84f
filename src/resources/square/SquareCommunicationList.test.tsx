import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import type { SquareCommunication } from '../../../domain/schemas/square';
import { i18n } from '../../i18n/i18n';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import SquareCommunicationList from './SquareCommunicationList';
import { listOf, SQUARE, squareCommunication } from './squareData.test-helper';

const rows = [
  squareCommunication({ id: 'c-sent', recipient: 'sent@example.com' }),
  squareCommunication({ id: 'c-failed', recipient: 'gone@example.com', status: 'FAILED', sentAt: null, lastSmtpAnswer: '550 5.1.1 User unknown' }),
  squareCommunication({ id: 'c-retry', recipient: 'busy@example.com', status: 'RETRY_WAITING', sentAt: null, tries: 2, nextAttemptAt: '2026-11-21T10:05:00.000Z', lastSmtpAnswer: '451 4.7.1 Try again later' }),
  squareCommunication({ id: 'c-queued', recipient: 'new@example.com', status: 'QUEUED', sentAt: null, lastSmtpAnswer: null }),
];

function serve(answers: SquareCommunication[][]) {
  let calls = 0;
  server.use(http.get(`${SQUARE}/communications`, () => listOf(answers[Math.min(calls++, answers.length - 1)], 'communications')));
  return () => calls;
}

const render = (permissions: PermissionKey[] = ['square.communications']) =>
  renderScreen(<SquareCommunicationList />, { path: '/square/communications', route: '/square/communications', permissions, resource: 'square/communications' });

const rowOf = (recipient: string) => screen.getByRole('cell', { name: recipient }).closest('tr')!;

/** Resend asks first (issue 43): the dialog names the recipient; its own button sends. */
async function confirmResend(title: string, label: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.setup().click(within(dialog).getByRole('button', { name: label }));
}

describe('SquareCommunicationList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each e-mail with its state and the mail server’s answer, and Resend only on the sent and failed ones', async () => {
    serve([rows]);
    await render();
    await screen.findByRole('cell', { name: 'gone@example.com' });
    expect(within(rowOf('gone@example.com')).getByText('550 5.1.1 User unknown')).toBeInTheDocument();
    expect(within(rowOf('gone@example.com')).getByText('Failed')).toBeInTheDocument();
    expect(within(rowOf('busy@example.com')).getByText('451 4.7.1 Try again later')).toBeInTheDocument();
    expect(within(rowOf('busy@example.com')).getByText('Retrying')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Resend the e-mail to/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Resend the e-mail to sent@example.com', 'Resend the e-mail to gone@example.com']));
  });

  it('Resend asks the server for a new attempt, says "Communication sent" and shows the list again', async () => {
    const calls = serve([rows, [rows[0], { ...rows[1], status: 'QUEUED', retryNumber: 2, tries: 0 }, rows[2], rows[3]]]);
    const resent: string[] = [];
    server.use(http.post(`${SQUARE}/communications/:id/resend`, ({ params }) => (resent.push(String(params.id)), HttpResponse.json({ ...rows[1], status: 'QUEUED', retryNumber: 2, tries: 0 }))));
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend the e-mail to gone@example.com' }));
    await confirmResend('Send the e-mail again to gone@example.com?', 'Resend');
    expect(await screen.findByText('Communication sent')).toBeInTheDocument();
    expect(resent).toEqual(['c-failed']);
    await waitFor(() => expect(within(rowOf('gone@example.com')).getByText('Queued')).toBeInTheDocument());
    expect(within(rowOf('gone@example.com')).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    expect(calls()).toBe(2);
    // issue 43: its button gone, focus goes to the page heading rather than the body
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Communications' })).toHaveFocus());
  });

  it('a resend refused because the e-mail is being delivered says so', async () => {
    serve([rows]);
    server.use(http.post(`${SQUARE}/communications/:id/resend`, () => HttpResponse.json(problem(409, 'SQUARE_COMMUNICATION_BUSY'), { status: 409 })));
    await render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend the e-mail to sent@example.com' }));
    await confirmResend('Send the e-mail again to sent@example.com?', 'Resend');
    expect(await screen.findByText('The e-mail is still being delivered: it can be resent once it is sent or has failed.')).toBeInTheDocument();
  });

  it('in Italian: "Reinvia" and "Comunicazione inviata"', async () => {
    await i18n.changeLanguage('it');
    serve([rows]);
    server.use(http.post(`${SQUARE}/communications/:id/resend`, () => HttpResponse.json({ ...rows[1], status: 'QUEUED', retryNumber: 2 })));
    await render();
    expect(await screen.findByRole('heading', { name: 'Comunicazioni' })).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: "Reinvia l'e-mail a gone@example.com" }));
    await confirmResend("Reinviare l'e-mail a gone@example.com?", 'Reinvia');
    expect(await screen.findByText('Comunicazione inviata')).toBeInTheDocument();
    expect(within(rowOf('gone@example.com')).getByText('Non consegnata')).toBeInTheDocument();
  });

  it('on a phone: rows without a table, each with its state and the mail server’s answer, Resend where it applies', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    serve([rows]);
    await render();
    const list = await screen.findByTestId('compact-list');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(list).toHaveTextContent('Failed · 550 5.1.1 User unknown');
    expect(await within(list).findByRole('button', { name: 'Resend the e-mail to gone@example.com' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Resend the e-mail to busy@example.com' })).not.toBeInTheDocument();
  });
});
