import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EmailRecord } from '../../../domain/emails';
import type { PermissionKey } from '../../../domain/permissions';
import { formatDateTime } from '../../i18n/dates';
import { i18n } from '../../i18n/i18n';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { API, emailRecord, serveConfiguration } from './emailsData.test-helper';
import EmailShow from './EmailShow';

/** The e-mails by id, as the API answers them (the map may change: a resend adds one). */
function serve(records: EmailRecord[]) {
  const byId = new Map(records.map((record) => [record.id, record]));
  const reads: string[] = [];
  server.use(
    http.get(`${API}/:id`, ({ params }) => {
      const id = String(params.id);
      reads.push(id);
      const record = byId.get(id);
      return record ? HttpResponse.json(record) : HttpResponse.json(problem(404, 'NOT_FOUND', `${API}/${id}`), { status: 404, headers: { 'Content-Type': 'application/problem+json' } });
    }),
  );
  return { byId, reads };
}

const render = (id: string, permissions: PermissionKey[] = ['management', 'square.orders']) => {
  serveConfiguration(permissions);
  return renderScreen(<EmailShow />, { path: `/emails/${id}`, route: '/emails/:id', permissions, provider: true, resource: 'emails' });
};

const failed = emailRecord({ id: 'e-failed', recipient: 'gone@example.com', template: 'ticketMessage', subject: 'Ticket T-12: new message', language: 'de', status: 'FAILED', attempts: 3, sentAt: null, lastAnswer: '550 5.1.1 User unknown' });

/** Resend asks first (issue 43): the dialog names the recipient; its own button sends. */
async function confirmResend(recipient: string) {
  const dialog = await screen.findByRole('dialog', { name: `Send the e-mail again to ${recipient}?` });
  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Resend' }));
}

describe('EmailShow', () => {
  it('shows the e-mail’s delivery (no body), its state badge, and Resend', async () => {
    serve([failed]);
    await render('e-failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail detail' })).toBeInTheDocument();
    const record = await screen.findByRole('region', { name: 'E-mail' });
    for (const text of ['gone@example.com', 'Ticket message', 'Ticket T-12: new message', 'Deutsch', '550 5.1.1 User unknown', formatDateTime('2026-11-20T09:15:00.000Z')]) expect(within(record).getByText(text)).toBeInTheDocument();
    expect(within(record).getByText('Failed')).toHaveAttribute('data-tone', 'red');
    expect(within(record).getByText('Tries')).toBeInTheDocument();
    expect(within(record).getByText('3')).toBeInTheDocument();
    expect(within(record).getByText('The message itself is not shown: it may carry a one-time link or a Square code.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /original/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resend the e-mail to gone@example.com' })).toBeInTheDocument();
  });

  it("a square code's e-mail links to its order (as text for who may not open it); a resend links to the e-mail it resends", async () => {
    serve([
      emailRecord({ id: 'e-square', recipient: 'anna@example.com', template: 'squareCode', subject: null, language: null, squareOrderId: 'sq-1', squareOrderNumber: 'SQ-2026-0001' }),
      emailRecord({ id: 'e-again', resentFromId: 'e-1', status: 'QUEUED', sentAt: null, attempts: 0, lastAnswer: null }),
    ]);
    let view = await render('e-square');
    expect(await screen.findByRole('link', { name: 'SQ-2026-0001' })).toHaveAttribute('href', '/square/orders/sq-1');
    expect(screen.getByText('Square code')).toBeInTheDocument();
    view.unmount();
    view = await render('e-square', ['management']);
    // the access answers are in once Resend (the e-mails' own, allowed here) shows
    await screen.findByRole('button', { name: /^Resend/ });
    expect(await screen.findByText('SQ-2026-0001')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'SQ-2026-0001' })).not.toBeInTheDocument();
    view.unmount();
    await render('e-again');
    expect(await screen.findByRole('link', { name: 'This e-mail resends an earlier one: open the original' })).toHaveAttribute('href', '/emails/e-1');
    expect(screen.getByText('Queued')).toBeInTheDocument();
    // still being delivered: no Resend, and why
    expect(screen.getByText('The e-mail is still being delivered: it can be resent once it is sent or has failed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });

  it('an e-mail with a one-time link has no Resend and says why', async () => {
    serve([emailRecord({ id: 'e-reset', template: 'reset', subject: 'Reset your Tessera password' })]);
    await render('e-reset');
    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(screen.getByText(/carries a one-time link, so it cannot be resent/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });

  it("Resend of an outbox e-mail opens the new e-mail's page and says it is queued", async () => {
    const { byId } = serve([failed]);
    const queued = emailRecord({ ...failed, id: 'e-new', status: 'QUEUED', attempts: 0, sentAt: null, lastAnswer: null, resentFromId: 'e-failed' });
    const resent: string[] = [];
    server.use(
      http.post(`${API}/:id/resend`, ({ params }) => {
        resent.push(String(params.id));
        byId.set(queued.id, queued);
        return HttpResponse.json(queued);
      }),
    );
    await render('e-failed');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend the e-mail to gone@example.com' }));
    await confirmResend('gone@example.com');
    expect(await screen.findByText('E-mail queued for sending to gone@example.com')).toBeInTheDocument();
    expect(resent).toEqual(['e-failed']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/emails/e-new'));
    expect(await screen.findByRole('link', { name: 'This e-mail resends an earlier one: open the original' })).toHaveAttribute('href', '/emails/e-failed');
    expect(screen.getByText('Queued')).toBeInTheDocument();
  });

  it("Resend of a square code's e-mail stays on its page, queued again", async () => {
    const square = emailRecord({ id: 'e-square', recipient: 'anna@example.com', template: 'squareCode', subject: null, language: null, status: 'FAILED', sentAt: null, lastAnswer: '550 5.1.1 User unknown', squareOrderId: 'sq-1', squareOrderNumber: 'SQ-2026-0001' });
    const { byId, reads } = serve([square]);
    const again = { ...square, status: 'QUEUED' as const, attempts: 0, lastAnswer: null, resendable: false };
    server.use(http.post(`${API}/:id/resend`, () => (byId.set(square.id, again), HttpResponse.json(again))));
    await render('e-square');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend the e-mail to anna@example.com' }));
    await confirmResend('anna@example.com');
    expect(await screen.findByText('E-mail queued for sending to anna@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Queued')).toBeInTheDocument());
    expect(screen.getByTestId('location').textContent).toBe('/emails/e-square');
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('a resend refused for its one-time link says so', async () => {
    serve([failed]);
    server.use(http.post(`${API}/:id/resend`, () => HttpResponse.json(problem(409, 'EMAIL_ONE_TIME_LINK'), { status: 409 })));
    await render('e-failed');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend the e-mail to gone@example.com' }));
    await confirmResend('gone@example.com');
    expect(await screen.findByText('This e-mail carries a one-time link and cannot be resent: ask for a new link instead.')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/emails/e-failed');
  });

  it('says an unknown e-mail does not exist', async () => {
    serve([]);
    await render('e-nope');
    expect(await screen.findByText('This e-mail does not exist.')).toBeInTheDocument();
  });

  it('in Italian: the title, the labels and the state', async () => {
    await i18n.changeLanguage('it');
    serve([failed]);
    await render('e-failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dettaglio e-mail' })).toBeInTheDocument();
    expect(await screen.findByText('Non consegnata')).toBeInTheDocument();
    expect(screen.getByText('Ultima risposta del server di posta')).toBeInTheDocument();
    expect(screen.getByText('Messaggio su un ticket')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: "Reinvia l'e-mail a gone@example.com" })).toBeInTheDocument();
  });
});
