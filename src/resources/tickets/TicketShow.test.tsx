import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Ticket } from '../../../domain/schemas/tickets';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { API, serveConfiguration, ticket, TICKET_ID } from './ticketData.test-helper';
import { formatAnswerNumber } from './TicketInfo';
import TicketShow from './TicketShow';

const TICKET = `${API}/tickets/${TICKET_ID}`;
const ACTION_BUTTONS = ['Change status', 'Reopen', 'Restore', 'Delete'];

function serve(record: Ticket, { provider = false }: { provider?: boolean } = {}) {
  const posts: Array<{ path: string; body: unknown }> = [];
  serveConfiguration(provider);
  server.use(
    http.get(TICKET, () => HttpResponse.json(record)),
    http.post(`${TICKET}/:action`, async ({ request, params }) => {
      posts.push({ path: String(params.action), body: await request.json() });
      return HttpResponse.json(record);
    }),
  );
  return posts;
}

const renderShow = () => renderScreen(<TicketShow />, { path: `/tickets/${TICKET_ID}`, route: '/tickets/:id', permissions: ['ticketing'], resource: 'tickets' });

async function shownActions() {
  await screen.findByRole('heading', { name: 'Ticket no. 1042' });
  const region = screen.queryByRole('region', { name: 'Ticket actions' });
  return region ? ACTION_BUTTONS.filter((name) => within(region).queryByRole('button', { name })) : [];
}

describe('TicketShow', () => {
  it.each<[Ticket['actions'], string[], boolean]>([
    [['reply', 'delete'], ['Delete'], true],
    [['reopen', 'delete'], ['Reopen', 'Delete'], false],
    [['reply', 'status', 'delete', 'internal'], ['Change status', 'Delete'], true],
    [['restore'], ['Restore'], false],
    [[], [], false],
  ])('offers exactly the actions the server lists for the ticket (%j)', async (actions, shown, reply) => {
    serve(ticket({ actions }));
    await renderShow();
    expect(await shownActions()).toEqual(shown);
    expect(screen.queryByRole('region', { name: 'Reply' }) !== null).toBe(reply);
  });

  it("shows the header, the version's fields with their answers (retired option, file to download) and the history", async () => {
    serve(ticket());
    await renderShow();
    expect(await screen.findByTestId('ticket-status')).toHaveTextContent('To do');
    expect(screen.getByTestId('ticket-priority')).toHaveTextContent('High');
    const info = screen.getByRole('region', { name: 'Information' });
    expect(info).toHaveTextContent('Order problem');
    // a number field's answer is written as typed, ungrouped (issue 42: an order number is an identifier, not "1,234")
    expect(info).toHaveTextContent(/Order number\s*1234(?!\d)/);
    expect(info).not.toHaveTextContent('1,234');
    expect(info).toHaveTextContent(/Channel\s*Fax/);
    expect(within(info).getByRole('button', { name: 'Download screen.png' })).toBeInTheDocument();
    expect(within(info).getByRole('button', { name: 'Download invoice.pdf' })).toBeInTheDocument();
    // the internal field is not in the customer's panel
    expect(info).not.toHaveTextContent('Root cause');
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Created by Ada Lovelace: To do');
  });

  it.each<[number, string, string]>([
    [4711, 'it', '4711'],
    [4711, 'en', '4711'],
    [1234567, 'fr', '1234567'],
    [12.5, 'it', '12,5'],
    [12.5, 'en', '12.5'],
    [-0.125, 'de', '-0,125'],
  ])("writes a number field's answer %s as typed, without grouping (%s: %s)", (value, language, shown) => {
    expect(formatAnswerNumber(value, language)).toBe(shown);
  });

  it('renders the thread: each message with its side, author, time, body and its attachments, downloaded through the dataProvider under their names', async () => {
    const createObjectURL = vi.fn(() => 'blob:reply');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    serve(
      ticket({
        status: 'WAITING_FOR_CUSTOMER',
        attachments: [{ id: 'att-9', name: 'label.pdf', type: 'application/pdf', size: 1000, messageId: 'msg-2', fieldId: null, uploadedBy: 'Grace', createdAt: '2026-11-21T10:00:00.000Z' }],
        messages: [
          { id: 'msg-1', side: 'CUSTOMER', body: 'Any news?', authorName: 'Ada Lovelace', createdAt: '2026-11-20T10:00:00.000Z', attachmentIds: [] },
          { id: 'msg-2', side: 'PROVIDER', body: 'Please print this label.', authorName: 'Grace Hopper', createdAt: '2026-11-21T10:00:00.000Z', attachmentIds: ['att-9'] },
        ],
      }),
    );
    server.use(http.get(`${TICKET}/attachments/:id`, ({ params }) => (downloads.push(String(params.id)), new HttpResponse('%PDF', { headers: { 'Content-Type': 'application/octet-stream' } }))));
    const user = userEvent.setup();
    await renderShow();
    const thread = await screen.findByRole('region', { name: 'Messages' });
    const messages = within(thread).getAllByRole('article');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toHaveTextContent(/Ada Lovelace\s*Customer · 20\/11\/2026/);
    expect(messages[0]).toHaveTextContent('Any news?');
    expect(messages[1]).toHaveTextContent(/Grace Hopper\s*Support/);
    expect(messages[1]).toHaveTextContent('Please print this label.');
    await user.click(within(messages[1]).getByRole('button', { name: 'Download label.pdf' }));
    await waitFor(() => expect(downloads).toEqual(['att-9']));
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('sends a reply with its status for provider staff (waiting for the customer)', async () => {
    const posts = serve(ticket({ actions: ['reply', 'status', 'delete', 'internal'] }), { provider: true });
    const user = userEvent.setup();
    await renderShow();
    const reply = await screen.findByRole('region', { name: 'Reply' });
    await user.type(within(reply).getByRole('textbox', { name: /Message/ }), 'Please send the invoice.');
    await user.click(within(reply).getByRole('combobox', { name: 'Set status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for the customer' }));
    await user.click(within(reply).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'messages', body: { body: 'Please send the invoice.', attachments: [], status: 'WAITING_FOR_CUSTOMER' } }]));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
  });

  it("offers no status with a customer's reply, and staff's internal fields only to staff", async () => {
    serve(ticket({ actions: ['reply', 'delete'] }));
    await renderShow();
    const reply = await screen.findByRole('region', { name: 'Reply' });
    expect(within(reply).queryByRole('combobox', { name: 'Set status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Internal fields' })).not.toBeInTheDocument();
  });

  it("lets provider staff answer the internal fields with the internal audience's schema", async () => {
    serve(ticket({ actions: ['reply', 'status', 'delete', 'internal'], answers: { orderNumber: 1234, rootCause: 'Courier' } }), { provider: true });
    const saved: unknown[] = [];
    server.use(http.put(`${TICKET}/internal`, async ({ request }) => (saved.push(await request.json()), HttpResponse.json(ticket()))));
    const user = userEvent.setup();
    await renderShow();
    const internal = await screen.findByRole('region', { name: 'Internal fields' });
    const cause = within(internal).getByRole('textbox', { name: 'Root cause' });
    expect(cause).toHaveValue('Courier');
    await user.clear(cause);
    await user.type(cause, 'Warehouse');
    await user.click(within(internal).getByRole('button', { name: 'Save internal fields' }));
    await waitFor(() => expect(saved).toEqual([{ answers: { rootCause: 'Warehouse' } }]));
    // never in the customer's information panel
    expect(screen.getByRole('region', { name: 'Information' })).not.toHaveTextContent('Warehouse');
  });

  it('asks before reopening, saying the status it goes back to; reopened, the message box has the focus (issue 43)', async () => {
    let current = ticket({ status: 'COMPLETED', actions: ['reopen', 'delete'] });
    const reopened: string[] = [];
    serveConfiguration(false);
    server.use(
      http.get(TICKET, () => HttpResponse.json(current)),
      http.post(`${TICKET}/reopen`, () => {
        reopened.push(TICKET_ID);
        current = ticket({ status: 'ON_GOING', actions: ['reply', 'delete'] });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen ticket no. 1042?' });
    expect(dialog).toHaveTextContent('The ticket goes back to “Ongoing”');
    expect(reopened).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(reopened).toEqual([TICKET_ID]));
    const reply = await screen.findByRole('region', { name: 'Reply' });
    await waitFor(() => expect(within(reply).getByRole('textbox', { name: /Message/ })).toHaveFocus());
  });

  it('after sending a message, focus goes back to the message box (not the page)', async () => {
    serve(ticket({ actions: ['reply', 'delete'] }));
    const user = userEvent.setup();
    await renderShow();
    const reply = await screen.findByRole('region', { name: 'Reply' });
    await user.type(within(reply).getByRole('textbox', { name: /Message/ }), 'Any news?');
    await user.click(within(reply).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    await waitFor(() => expect(within(reply).getByRole('textbox', { name: /Message/ })).toHaveFocus());
  });

  it.each([
    [false, 'You and the other users of your company will no longer see this ticket. Support keeps a copy'],
    [true, 'The customer will no longer see the ticket. Support can restore it.'],
  ])('asks before deleting, in words fitting who asks (provider staff: %s)', async (provider, text) => {
    serve(ticket({ actions: provider ? ['reply', 'status', 'delete', 'internal'] : ['reply', 'delete'] }), { provider });
    const deleted: string[] = [];
    server.use(http.delete(TICKET, () => (deleted.push(TICKET_ID), HttpResponse.json(ticket({ deletedAt: '2026-11-22T10:00:00.000Z', actions: [] })))));
    const user = userEvent.setup();
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete ticket no. 1042?' });
    expect(dialog).toHaveTextContent(text);
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([TICKET_ID]));
  });

  it('says how many files one message takes before any is picked', async () => {
    serve(ticket({ actions: ['reply', 'delete'] }));
    await renderShow();
    const reply = await screen.findByRole('region', { name: 'Reply' });
    expect(within(reply).getByText(/At most 5 files per message\./)).toBeInTheDocument();
  });
});
