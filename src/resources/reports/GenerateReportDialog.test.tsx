import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { reportDefaults } from './reportDefaults';
import { generated, LIST_API, listOf, serveConfiguration, types, TYPES_API } from './reportData.test-helper';
import ReportList from './ReportList';

const dayText = (iso: string) => iso.split('-').reverse().join('/');

/** The list with its reports (the generated one on top once it exists), the types, and the generate call's answer. */
function serve(answer: (body: unknown) => Response) {
  serveConfiguration();
  const rows = [generated({ id: 'r-1' })];
  const bodies: Array<{ url: string; body: unknown }> = [];
  server.use(
    http.get(LIST_API, () => listOf(rows)),
    http.get(TYPES_API, ({ request }) => {
      // the route takes its language and nothing of a list's (its query is strict)
      const query = new URL(request.url).searchParams;
      return [...query.keys()].join() === 'lang' && query.get('lang') === 'en' ? HttpResponse.json(types()) : HttpResponse.json(problem(400, 'VALIDATION_ERROR'), { status: 400 });
    }),
    http.post(`${TYPES_API}/:reportId/generate`, async ({ request }) => {
      const body = await request.json();
      bodies.push({ url: new URL(request.url).pathname, body });
      const response = answer(body);
      if (response.status === 202) rows.unshift(generated({ id: 'r-9', state: 'queued', progress: 0, name: 'Outstanding balances (new)' }));
      return response;
    }),
  );
  return bodies;
}

async function openDialog() {
  await renderScreen(<ReportList />, { path: '/report/list', route: '/report/list', permissions: ['report'], resource: 'report' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Generate report' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Generate report' }));
  await dialog.findByRole('combobox', { name: 'Report type' });
  return { user, dialog };
}

const accepted = () => HttpResponse.json(generated({ id: 'r-9', state: 'queued', progress: 0 }), { status: 202 });

describe('GenerateReportDialog', () => {
  it("offers the API's types in the domain's order and builds each type's declared inputs, with sensible defaults", async () => {
    serve(accepted);
    const { user, dialog } = await openDialog();
    // outstanding balances first: a balance at last month's last day, sub-companies included
    expect(dialog.getByText(/at the end of the chosen day/)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /At the date/ })).toHaveValue(dayText(reportDefaults('outstanding-balances').date as string));
    expect(dialog.getByRole('switch', { name: 'Include sub-companies' })).toBeChecked();
    expect(dialog.getByRole('switch', { name: 'E-mail me when it is ready' })).not.toBeChecked();
    await user.click(dialog.getByRole('combobox', { name: 'Report type' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Outstanding balances', 'Gift card transactions', 'Gift cards by status', 'Orders', 'Reloads and wallet movements', 'Square codes']);
    const expected: Record<string, string[]> = {
      'Gift card transactions': ['From', 'To', 'Transaction type'],
      'Gift cards by status': ['Card status'],
      Orders: ['From', 'To', 'Order state'],
      'Reloads and wallet movements': ['From', 'To'],
      'Square codes': ['Code status', 'Delivery outcome', 'Orders created from', 'Orders created to'],
    };
    await user.click(screen.getByRole('option', { name: 'Gift card transactions' }));
    for (const [name, labels] of Object.entries(expected)) {
      if (name !== 'Gift card transactions') {
        await user.click(dialog.getByRole('combobox', { name: 'Report type' }));
        await user.click(await screen.findByRole('option', { name }));
      }
      for (const label of labels) expect(await dialog.findByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
      expect(dialog.queryByLabelText(/^At the date/)).not.toBeInTheDocument();
      expect(dialog.getByRole('switch', { name: 'Include sub-companies' })).toBeChecked();
    }
    // a period defaults to last month; the square codes' order days stay open
    expect(dialog.getByRole('textbox', { name: /Orders created from/ })).toHaveValue('');
    await user.click(dialog.getByRole('combobox', { name: 'Report type' }));
    await user.click(await screen.findByRole('option', { name: 'Orders' }));
    const period = reportDefaults('orders');
    expect(dialog.getByRole('textbox', { name: /^From/ })).toHaveValue(dayText(period.dateFrom as string));
    expect(dialog.getByRole('textbox', { name: /^To/ })).toHaveValue(dayText(period.dateTo as string));
  });

  it('sends the parameters, the UI language, the browser zone and notify; the new report appears queued on top', async () => {
    const bodies = serve(accepted);
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('switch', { name: 'E-mail me when it is ready' }));
    const date = dialog.getByRole('textbox', { name: /At the date/ });
    await user.clear(date);
    await user.type(date, '30/09/2026');
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        url: '/api/company/company-1/giftcard/report/outstanding-balances/generate',
        body: { parameters: { date: '2026-09-30', companyId: '', includeSubCompanies: true }, language: 'en', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, notify: true },
      },
    ]);
    const rows = await screen.findAllByRole('row');
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]).getByText('Queued')).toBeInTheDocument());
    expect(rows.length).toBeGreaterThan(1);
    expect(await screen.findByText('Report requested: it is queued at the top of the list.')).toBeInTheDocument();
  });

  it("puts the server's refusal of a parameter on its input, and a refused generation's reason in the dialog", async () => {
    let refusal = 0;
    serve(() => {
      refusal += 1;
      return refusal === 1
        ? HttpResponse.json({ ...problem(400, 'VALIDATION_ERROR'), errors: { 'parameters.date': 'validation.invalid' } }, { status: 400 })
        : HttpResponse.json({ ...problem(409, 'REPORTS_TOO_MANY_ACTIVE'), params: { max: 3 } }, { status: 409 });
    });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    const date = dialog.getByRole('textbox', { name: /At the date/ });
    await waitFor(() => expect(date).toHaveAccessibleDescription('The value entered is invalid'));
    // a new value clears the server's message; the next refusal is the limit, with its number
    await user.clear(date);
    await user.type(date, '30/09/2026');
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You have reached the limit of reports queued or in progress (3)');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers only the types the API lists — those whose data the user may read — and nothing of its own', async () => {
    serveConfiguration(['cards-by-state', 'square-codes']);
    server.use(http.get(LIST_API, () => listOf([])));
    const { user, dialog } = await openDialog();
    // the form's usual first type is not offered: the first offered one is chosen
    expect(dialog.getByRole('combobox', { name: 'Report type' })).toHaveTextContent('Gift cards by status');
    await user.click(dialog.getByRole('combobox', { name: 'Report type' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Gift cards by status', 'Square codes']);
  });

  it('says there is nothing to generate when the API lists no type', async () => {
    serveConfiguration([]);
    server.use(http.get(LIST_API, () => listOf([])));
    await renderScreen(<ReportList />, { path: '/report/list', route: '/report/list', permissions: ['report'], resource: 'report' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Generate report' }));
    expect(await dialog.findByText(/There is no report you may generate/)).toBeInTheDocument();
    expect(dialog.queryByRole('combobox', { name: 'Report type' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a refused generation of a type the user may no longer read (403) as its translated text, in the dialog', async () => {
    serve(() => HttpResponse.json(problem(403, 'FORBIDDEN'), { status: 403 }));
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The report was not started');
    expect(alert).toHaveTextContent('You are not allowed to perform this operation.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('checks a period before sending it: at most a year, from before to', async () => {
    const bodies = serve(accepted);
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('combobox', { name: 'Report type' }));
    await user.click(await screen.findByRole('option', { name: 'Reloads and wallet movements' }));
    const from = dialog.getByRole('textbox', { name: /^From/ });
    const to = dialog.getByRole('textbox', { name: /^To/ });
    await user.clear(from);
    await user.type(from, '01/01/2024');
    await user.clear(to);
    await user.type(to, '31/12/2025');
    await waitFor(() => expect(to).toHaveAccessibleDescription('The period can cover at most 366 days'));
    expect(dialog.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.clear(to);
    await user.type(to, '01/12/2023');
    await waitFor(() => expect(to).toHaveAccessibleDescription('The start date cannot be after the end date'));
    expect(bodies).toEqual([]);
  });
});
