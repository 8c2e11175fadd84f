import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { API, category, listOf, serveConfiguration, ticket } from './ticketData.test-helper';
import TicketCreate from './TicketCreate';

function serve(answer: () => Response = () => HttpResponse.json(ticket(), { status: 201 })) {
  const posted: unknown[] = [];
  serveConfiguration(false);
  server.use(
    http.get(`${API}/ticket-categories`, () => listOf([category(), category({ id: 'cat-2', name: { it: 'Altro', en: 'Other' }, fields: [] })], 'categories')),
    http.post(`${API}/tickets`, async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  return posted;
}

const renderCreate = () => renderScreen(<TicketCreate />, { path: '/tickets/create', route: '/tickets/create', permissions: ['ticketing'], resource: 'tickets' });

async function chooseCategory(user: ReturnType<typeof userEvent.setup>, name = 'Order problem') {
  await user.click(await screen.findByRole('combobox', { name: /Category/ }));
  await user.click(await screen.findByRole('option', { name }));
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await chooseCategory(user);
  await user.type(screen.getByRole('textbox', { name: 'Order number' }), '1234');
  await user.type(screen.getByRole('textbox', { name: /Date it happened/ }), '18112026');
  await user.upload(screen.getByTestId('ticket-field-screenshot'), png());
  await user.type(screen.getByRole('textbox', { name: /Description/ }), 'The order arrived empty');
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'screen.png', { type: 'image/png' });

describe('TicketCreate', () => {
  it('renders every field type of the category from its definition, in the user language, with required marks and the file rule before a file is picked', async () => {
    serve();
    const user = userEvent.setup();
    await renderCreate();
    await chooseCategory(user);
    const fields = screen.getByRole('region', { name: 'Information for “Order problem”' });
    // one input per type: number and text as text boxes; date and date-time the app's DD/MM/YYYY [HH:mm] inputs with their calendar (SPEC §9), not the browser's
    expect(within(fields).getByRole('textbox', { name: 'Order number' })).toBeRequired();
    expect(within(fields).getByRole('textbox', { name: /Date it happened/ })).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(within(fields).getByRole('textbox', { name: /Date it happened/ })).toHaveAttribute('type', 'text');
    expect(within(fields).getByRole('textbox', { name: /Seen at/ })).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm');
    expect(within(fields).getByRole('button', { name: /Seen at/ })).toBeInTheDocument();
    expect(within(fields).getByRole('textbox', { name: 'Summary' })).toHaveAttribute('maxLength', '40');
    expect(within(fields).getByText('A few words')).toBeInTheDocument();
    expect(within(fields).getByRole('textbox', { name: 'Details' })).toBeInTheDocument();
    expect(within(fields).getByRole('textbox', { name: 'Other contact' })).toHaveAttribute('type', 'email');
    expect(within(fields).getByRole('radiogroup')).toBeInTheDocument();
    expect(within(fields).getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
    expect(within(fields).getByRole('group', { name: /Screenshot/ })).toHaveTextContent('Allowed formats: JPG, PNG, PDF, TXT, RTF, CSV, XLS, XLSX; at most 5 MB per file.');
    // the dropdown offers the options not retired
    await user.click(within(fields).getByRole('combobox', { name: 'Channel' }));
    expect(screen.getByRole('option', { name: 'Web shop' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Fax' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    // an internal field is never on the customer's form
    expect(screen.queryByRole('textbox', { name: 'Root cause' })).not.toBeInTheDocument();
    // the e-mail starts as the user's own
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@acme.test');
  });

  it("refuses invalid answers with the answers schema's messages and sends nothing", async () => {
    const posted = serve();
    const user = userEvent.setup();
    await renderCreate();
    await chooseCategory(user);
    await user.type(screen.getByRole('textbox', { name: 'Order number' }), '12.5');
    await user.type(screen.getByRole('textbox', { name: 'Other contact' }), 'not-an-address');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'The order arrived empty');
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Other contact' })).toHaveAccessibleDescription(/valid e-mail/i);
    // required answers left empty
    expect(screen.getByRole('group', { name: /Screenshot/ })).toHaveTextContent('The field is required and cannot be empty');
    expect(posted).toEqual([]);
  });

  it('refuses a file of another type when it is picked, before anything is sent', async () => {
    serve();
    const user = userEvent.setup({ applyAccept: false });
    await renderCreate();
    await chooseCategory(user);
    await user.upload(screen.getByTestId('ticket-field-screenshot'), new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    expect(await within(screen.getByRole('group', { name: /Screenshot/ })).findByRole('alert')).toHaveTextContent('Allowed formats: JPG, PNG, PDF, TXT, RTF, CSV, XLS, XLSX');
  });

  it('sends the answers as the API reads them (numbers, days, files as SPEC §3 objects) with the extra attachments, then opens the new ticket', async () => {
    const posted = serve();
    const user = userEvent.setup();
    await renderCreate();
    await fillValid(user);
    // issue 43: the count of files chosen against the limit, the file fields' included
    await waitFor(() => expect(screen.getByTestId('ticket-attachment-count')).toHaveTextContent('1 of 5 files'));
    await user.upload(screen.getByTestId('ticket-attachment-input'), new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByTestId('ticket-attachment-count')).toHaveTextContent('2 of 5 files'));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      categoryId: 'cat-1',
      priority: 'MEDIUM',
      description: 'The order arrived empty',
      email: 'ada@acme.test',
      answers: { orderNumber: 1234, happenedOn: '2026-11-18', repeat: 'no', screenshot: { type: 'image/png', name: 'screen.png', content: 'iVBORw==' } },
      attachments: [{ type: 'application/pdf', name: 'invoice.pdf', content: btoa('%PDF-1.4') }],
    });
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tickets/ticket-1'));
  });

  it('reads the date and date-time answers as DD/MM/YYYY [HH:mm] whatever the browser (issue 43: 25/11/2026 is the 25th of November), and refuses a day that is none', async () => {
    const posted = serve();
    const user = userEvent.setup();
    await renderCreate();
    await fillValid(user);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    const day = screen.getByRole('textbox', { name: /Date it happened/ });
    await user.clear(day);
    await user.type(day, '31022026');
    await user.tab();
    expect(day).toHaveValue('31/02/2026');
    expect(await screen.findByText('Enter a valid date')).toBeInTheDocument();
    await user.clear(day);
    await user.type(day, '25112026');
    await user.type(screen.getByRole('textbox', { name: /Seen at/ }), '251120260915');
    expect(screen.getByRole('textbox', { name: /Seen at/ })).toHaveValue('25/11/2026 09:15');
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ answers: { happenedOn: '2026-11-25', seenAt: new Date(2026, 10, 25, 9, 15).toISOString() } });
  });

  it("puts the server's refusal of an answer on its input", async () => {
    serve(() => HttpResponse.json({ ...problem(400, 'VALIDATION_ERROR'), errors: { 'answers.orderNumber': 'validation.ticketNumber' } }, { status: 400 }));
    const user = userEvent.setup();
    await renderCreate();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveAccessibleDescription('Enter a number'));
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveAttribute('aria-invalid', 'true');
  });
});
