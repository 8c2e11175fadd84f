import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import SquareOrderCreate from './SquareOrderCreate';
import { ORDER_ID, SQUARE, squareOrder, squareValidation } from './squareData.test-helper';

const csv = (text: string, name = 'recipients.csv') => new File([text], name, { type: 'text/csv' });
const FILE = 'email;firstName;lastName;amount\nmario@example.com;Mario;Rossi;50\n';
const render = () =>
  renderScreen(<SquareOrderCreate />, { path: '/square/orders/create', route: '/square/orders/create', permissions: ['square.orders'], resource: 'square/orders' });

/** Every file the page hands to the browser, with its name. */
let saved: Array<{ blob: Blob; name?: string }> = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push({ blob }), 'blob:square')), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved[saved.length - 1].name = this.download;
  });
});
afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no arrayBuffer(): read it as the browser's FileReader does. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

async function chooseTypology(user: ReturnType<typeof userEvent.setup>, name = 'Gift') {
  await user.click(screen.getByRole('combobox', { name: /Order type/ }));
  await user.click(await screen.findByRole('option', { name }));
}

async function fillOrder(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Host/ }), 'shop.acme.test');
  await user.type(screen.getByRole('textbox', { name: /Contact e-mail/ }), 'referent@acme.test');
}

describe('SquareOrderCreate', () => {
  it('states its limits before anything is chosen or typed: the amount per code, the file size and recipients, the months of validity; the steps are numbered by place (issue 43)', async () => {
    await render();
    expect(await screen.findByRole('heading', { name: '1. Download the template' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2. The order' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '3. The recipients' })).toBeInTheDocument();
    expect(screen.getByText(/at most €1,000\.00 per code/)).toBeInTheDocument();
    expect(screen.getByText(/A CSV file of at most 5 MB with at most 10,000 recipients/)).toBeInTheDocument();
    expect(screen.getByText('From 1 to 36 months')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists every problem by line, column and reason, errors and warnings apart, offers the rejected lines as a CSV to fix, and creates nothing while errors remain', async () => {
    const bodies: unknown[] = [];
    const validation = squareValidation({
      validCount: 1,
      totalAmountCents: 5000,
      errorCount: 4,
      warningCount: 1,
      problems: [
        { line: 3, column: 'email', code: 'validation.email', severity: 'error' },
        { line: 4, column: 'amount', code: 'validation.amountDecimals?exampleInputCents=2550', severity: 'error' },
        { line: 5, column: 'firstName', code: 'validation.required', severity: 'error' },
        { line: 6, column: 'email', code: 'validation.squareDuplicate', severity: 'error', params: { line: 2 } },
        { line: 7, column: 'email', code: 'square.warning.liveCode', severity: 'warning', params: { orderNumber: 'SQ-000007' } },
      ],
      rejected: {
        '3': ["=cmd|' /C calc'!A0", 'Anna', 'Bianchi', '25'],
        '4': ['luca@example.com', 'Luca', 'Verdi', '12,505'],
        '5': ['sara@example.com', '', 'Neri', '10'],
        '6': ['mario@example.com', 'Mario', 'Rossi', '50'],
      },
    });
    server.use(http.post(`${SQUARE}/orders/validate`, async ({ request }) => (bodies.push(await request.json()), HttpResponse.json(validation))));
    const posted: unknown[] = [];
    server.use(http.post(`${SQUARE}/orders`, async ({ request }) => (posted.push(await request.json()), HttpResponse.json(squareOrder(), { status: 201 }))));
    await render();
    const user = userEvent.setup();
    await chooseTypology(user);
    await fillOrder(user);
    await user.upload(screen.getByLabelText('Choose the CSV file'), csv(FILE));

    const errors = await screen.findByRole('table', { name: '4 errors' });
    const rows = within(errors)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Line', 'Column', 'Reason'],
      ['3', 'E-mail', 'Enter a valid e-mail address'],
      ['4', 'Amount', 'Too many decimals: an amount goes down to the cent at most, for example 25.50'],
      ['5', 'First name', 'The field is required and cannot be empty'],
      ['6', 'E-mail', 'The same e-mail with the same amount is already on line 2'],
    ]);
    const warnings = screen.getByRole('table', { name: '1 warning' });
    expect(within(warnings).getByRole('row', { name: /7 E-mail This recipient already has an active code of this type from order SQ-000007/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'What the file makes' })).getByRole('status')).toHaveTextContent(/Codes\s*1.*Total amount\s*€50\.00/);
    // the file went as SPEC §3's file object, with the chosen order type
    expect(bodies).toEqual([{ typology: 'GIFT', file: { type: 'text/csv', name: 'recipients.csv', content: btoa(FILE) } }]);

    // errors remain: no order, even with the warnings accepted
    await user.click(screen.getByRole('checkbox', { name: /I have read the warnings/ }));
    expect(screen.getByRole('button', { name: 'Create order' })).toBeDisabled();
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Download lines to fix (CSV)' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('recipients-to-fix.csv');
    // the file's own separator, the header as read, each rejected line's cells and why; the formula cell neutralised; a BOM for Excel
    const bytes = await bytesOf(saved[0].blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3)).split('\r\n')).toEqual([
      'email;firstName;lastName;amount;reason',
      "'=cmd|' /C calc'!A0;Anna;Bianchi;25;E-mail: Enter a valid e-mail address",
      'luca@example.com;Luca;Verdi;12,505;Amount: Too many decimals: an amount goes down to the cent at most, for example 25.50',
      'sara@example.com;;Neri;10;First name: The field is required and cannot be empty',
      'mario@example.com;Mario;Rossi;50;E-mail: The same e-mail with the same amount is already on line 2',
      '',
    ]);
  });

  it('warnings need an explicit acceptance: Create stays off until it is given, then sends it and opens the new order', async () => {
    const validation = squareValidation({ warningCount: 1, approvalRequired: true, problems: [{ line: 2, column: 'email', code: 'square.warning.liveCode', severity: 'warning', params: { orderNumber: 'SQ-000007' } }] });
    server.use(http.post(`${SQUARE}/orders/validate`, () => HttpResponse.json(validation)));
    const posted: Array<{ body: unknown; key: string | null }> = [];
    server.use(http.post(`${SQUARE}/orders`, async ({ request }) => (posted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') }), HttpResponse.json(squareOrder({ status: 'PENDING' }), { status: 201 }))));
    await render();
    const user = userEvent.setup();
    await chooseTypology(user, 'Welfare');
    await fillOrder(user);
    await user.upload(screen.getByLabelText('Choose the CSV file'), csv(FILE));
    expect(await screen.findByRole('table', { name: '1 warning' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /error/ })).not.toBeInTheDocument();
    expect(screen.getByText('Required: provider staff approve the order after you confirm it')).toBeInTheDocument();
    // nothing was rejected: no CSV to fix
    expect(screen.queryByRole('button', { name: 'Download lines to fix (CSV)' })).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create order' });
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have read the warnings and want to create the order anyway' }));
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/square/orders/${ORDER_ID}`));
    expect(posted).toEqual([
      {
        body: { typology: 'WELFARE', host: 'shop.acme.test', referentEmail: 'referent@acme.test', validMonths: 12, file: { type: 'text/csv', name: 'recipients.csv', content: btoa(FILE) }, acceptWarnings: true },
        key: expect.any(String),
      },
    ]);
    expect(await screen.findByText('Order created')).toBeInTheDocument();
  });

  it('a refusal at creation with a new problem (a live code since the check) puts it in the report and asks for acceptance again', async () => {
    server.use(http.post(`${SQUARE}/orders/validate`, () => HttpResponse.json(squareValidation())));
    const refused = squareValidation({ warningCount: 1, problems: [{ line: 2, column: 'email', code: 'square.warning.liveCode', severity: 'warning', params: { orderNumber: 'SQ-000009' } }] });
    server.use(http.post(`${SQUARE}/orders`, () => HttpResponse.json({ ...problem(409, 'SQUARE_WARNINGS_NOT_ACCEPTED'), validation: refused }, { status: 409 })));
    await render();
    const user = userEvent.setup();
    await chooseTypology(user);
    await fillOrder(user);
    await user.upload(screen.getByLabelText('Choose the CSV file'), csv(FILE));
    // the check answered with a clean file: Create is on
    await screen.findByRole('region', { name: 'What the file makes' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('The file has warnings: read them and accept them before creating the order.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '1 warning' })).toHaveTextContent('SQ-000009');
    expect(screen.getByRole('button', { name: 'Create order' })).toBeDisabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/square/orders/create');
  });

  it('refuses a file that is not a CSV or is over 5 MB before sending it', async () => {
    let checks = 0;
    server.use(http.post(`${SQUARE}/orders/validate`, () => ((checks += 1), HttpResponse.json(squareValidation()))));
    await render();
    // the picker's accept would hide the photo: the page refuses it whatever the picker lets through
    const user = userEvent.setup({ applyAccept: false });
    await chooseTypology(user);
    await user.upload(screen.getByLabelText('Choose the CSV file'), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not allowed');
    const big = csv('email;firstName;lastName;amount\n');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Choose another file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file must not be larger than 5 MB');
    expect(checks).toBe(0);
    expect(screen.getByRole('button', { name: 'Create order' })).toBeDisabled();
  });

  it('hands out the CSV template in the user’s language', async () => {
    const asked: string[] = [];
    server.use(http.get(`${SQUARE}/orders/template`, ({ request }) => (asked.push(new URL(request.url).searchParams.get('lang') ?? ''), new HttpResponse('email,firstName,lastName,amount\r\n', { headers: { 'Content-Type': 'text/csv' } }))));
    await render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download the CSV template' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['square-recipients-template.csv']));
    expect(asked).toEqual(['en']);
  });

  it('with a clean file, Create says which order field is still wrong instead of sending', async () => {
    server.use(http.post(`${SQUARE}/orders/validate`, () => HttpResponse.json(squareValidation())));
    let posts = 0;
    server.use(http.post(`${SQUARE}/orders`, () => ((posts += 1), HttpResponse.json(squareOrder(), { status: 201 }))));
    await render();
    const user = userEvent.setup();
    await chooseTypology(user);
    await user.type(screen.getByRole('textbox', { name: /Host/ }), 'not a host');
    await user.upload(screen.getByLabelText('Choose the CSV file'), csv(FILE));
    await screen.findByRole('region', { name: 'What the file makes' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Enter a host name such as shop.example.com (from 3 to 253 characters)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Contact e-mail/ })).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(posts).toBe(0);
  });
});
