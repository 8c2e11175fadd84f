import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailRecord } from '../../../domain/emails';
import { i18n } from '../../i18n/i18n';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen, type RenderScreenOptions } from '../../test/renderScreen';
import EmailList from './EmailList';
import { API, emailRecord, pageOf, serveConfiguration } from './emailsData.test-helper';

const rows = [
  emailRecord({ id: 'e-sent', recipient: 'sent@example.com' }),
  emailRecord({ id: 'e-failed', recipient: 'gone@example.com', template: 'ticketMessage', subject: 'Ticket T-12: new message', status: 'FAILED', sentAt: null, attempts: 3, lastAnswer: '550 5.1.1 User unknown' }),
  emailRecord({ id: 'e-retry', recipient: 'busy@example.com', template: 'squareCode', subject: null, language: null, status: 'RETRY_WAITING', sentAt: null, attempts: 2, nextAttemptAt: '2026-11-20T09:20:00.000Z', lastAnswer: '451 4.7.1 Try again later', squareOrderId: 'sq-1', squareOrderNumber: 'SQ-2026-0001' }),
  emailRecord({ id: 'e-reset', recipient: 'reset@example.com', template: 'reset', subject: 'Reset your Tessera password', status: 'SENT' }),
];

function serve(answers: EmailRecord[][]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(API, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return pageOf(answers[Math.min(queries.length - 1, answers.length - 1)]);
    }),
  );
  return queries;
}

const render = (options: RenderScreenOptions = {}) => {
  serveConfiguration();
  return renderScreen(<EmailList />, { path: '/emails', route: '/emails', permissions: ['management'], provider: true, resource: 'emails', ...options });
};

const rowOf = (recipient: string) => screen.getByRole('link', { name: recipient }).closest('tr')!;
const phone = () => vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));

/** Resend asks first (issue 43): the dialog names the recipient; its own button sends. */
async function confirmResend(recipient: string) {
  const dialog = await screen.findByRole('dialog', { name: `Send the e-mail again to ${recipient}?` });
  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Resend' }));
}

describe('EmailList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the e-mails newest first, each a link to its page, with its type, state badge and the mail server’s answer', async () => {
    const queries = serve([rows]);
    await render();
    expect(await screen.findByText('4 e-mails shown, more to load')).toBeInTheDocument();
    expect(queries[0].get('sort')).toBe('["createdAt","DESC"]');
    expect(screen.getByRole('heading', { level: 1, name: 'E-mails' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'gone@example.com' })).toHaveAttribute('href', '/emails/e-failed');
    const failed = within(rowOf('gone@example.com'));
    expect(failed.getByText('Ticket message')).toBeInTheDocument();
    // the subject, tries and next try are the e-mail's page's (the list keeps Resend in view at 1280 px)
    expect(failed.queryByText('Ticket T-12: new message')).not.toBeInTheDocument();
    expect(failed.getByText('Failed')).toHaveAttribute('data-tone', 'red');
    expect(failed.getByText('550 5.1.1 User unknown')).toBeInTheDocument();
    const retrying = within(rowOf('busy@example.com'));
    expect(retrying.getByText('Square code')).toBeInTheDocument();
    expect(retrying.getByText('Retrying')).toHaveAttribute('data-tone', 'yellow');
    expect(within(rowOf('sent@example.com')).getByText('Sent')).toHaveAttribute('data-tone', 'green');
  });

  it('Resend only on the e-mails that may go again: not on one being delivered, nor on one with a one-time link', async () => {
    serve([rows]);
    await render();
    await screen.findByRole('link', { name: 'gone@example.com' });
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Resend the e-mail to/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Resend the e-mail to sent@example.com', 'Resend the e-mail to gone@example.com']),
    );
  });

  it('no Resend for who may read the e-mails but not resend them', async () => {
    serve([rows]);
    const asked: string[] = [];
    await render({
      auth: {
        canAccess: async ({ action }) => {
          asked.push(action);
          return action !== 'resend';
        },
      },
    });
    await screen.findByRole('link', { name: 'gone@example.com' });
    // the resend question was asked and answered (a render later): still no button
    await waitFor(() => expect(asked).toContain('resend'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });

  it('sends the state, the type and the recipient search as the API’s filter', async () => {
    const queries = serve([rows]);
    await render();
    await screen.findByRole('link', { name: 'gone@example.com' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ status: 'FAILED' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Ticket message' }));
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'gone@');
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ status: 'FAILED', template: 'ticketMessage', q: 'gone@' }));
  });

  it('Resend queues the e-mail again, says so and shows the list again', async () => {
    const queued = emailRecord({ id: 'e-new', recipient: 'gone@example.com', template: 'ticketMessage', status: 'QUEUED', sentAt: null, attempts: 0, lastAnswer: null, resentFromId: 'e-failed' });
    const queries = serve([rows, [queued, ...rows]]);
    const resent: string[] = [];
    server.use(http.post(`${API}/:id/resend`, ({ params }) => (resent.push(String(params.id)), HttpResponse.json(queued))));
    await render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend the e-mail to gone@example.com' }));
    await confirmResend('gone@example.com');
    expect(await screen.findByText('E-mail queued for sending to gone@example.com')).toBeInTheDocument();
    expect(resent).toEqual(['e-failed']);
    await waitFor(() => expect(queries.length).toBe(2));
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    // the row click did not open the e-mail
    expect(screen.getByTestId('location').textContent).toBe('/emails');
  });

  it('a resend refused because the e-mail is being delivered says so', async () => {
    serve([rows]);
    server.use(http.post(`${API}/:id/resend`, () => HttpResponse.json(problem(409, 'EMAIL_BUSY'), { status: 409 })));
    await render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend the e-mail to sent@example.com' }));
    await confirmResend('sent@example.com');
    expect(await screen.findByText('The e-mail is still being delivered: it can be resent once it is sent or has failed.')).toBeInTheDocument();
  });

  it('on a phone: rows without a table, each a link with its state, type and answer, Resend where it applies', async () => {
    phone();
    serve([rows]);
    await render();
    const list = await screen.findByRole('list', { name: 'E-mails' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/emails/e-sent', '/emails/e-failed', '/emails/e-retry', '/emails/e-reset']);
    expect(within(list).getByText(/^Ticket message · .* · 550 5\.1\.1 User unknown$/)).toBeInTheDocument();
    expect(await within(list).findByRole('button', { name: 'Resend the e-mail to gone@example.com' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Resend the e-mail to busy@example.com' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Resend the e-mail to reset@example.com' })).not.toBeInTheDocument();
  });

  it('in Italian: the title, the states and "Reinvia"', async () => {
    await i18n.changeLanguage('it');
    serve([rows]);
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail' })).toBeInTheDocument();
    expect(await screen.findByText('4 e-mail mostrate, altre da caricare')).toBeInTheDocument();
    expect(within(rowOf('gone@example.com')).getByText('Non consegnata')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: "Reinvia l'e-mail a gone@example.com" })).toBeInTheDocument();
  });
});
