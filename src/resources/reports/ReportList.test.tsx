import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { generated, LIST_API, listOf, serveConfiguration } from './reportData.test-helper';
import ReportList from './ReportList';

const render = (permissions: PermissionKey[] = ['report']) =>
  renderScreen(<ReportList />, { path: '/report/list', route: '/report/list', permissions, resource: 'report' });

describe('ReportList', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows each state: a running report's progress, a failure's reason, the download of a ready one, an expired one's note", async () => {
    serveConfiguration();
    server.use(
      http.get(LIST_API, () =>
        listOf([
          generated({ id: 'r-4', state: 'running', progress: 42, rowCount: null, expiresAt: null }),
          generated({ id: 'r-3', state: 'failed', progress: 10, errorCode: 'REPORTS_TOO_MANY_ACTIVE', expiresAt: null }),
          generated({ id: 'r-2', state: 'ready' }),
          generated({ id: 'r-1', state: 'expired' }),
        ]),
      ),
    );
    await render();
    expect(await screen.findByText('4 reports')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const running = within(rows[1]);
    expect(running.getByText('In progress')).toHaveAttribute('data-tone', 'yellow');
    const bar = running.getByRole('progressbar', { name: 'Progress of Outstanding balances' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(running.getByText('42%')).toBeInTheDocument();
    expect(running.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    const failed = within(rows[2]);
    expect(failed.getByText('Failed')).toHaveAttribute('data-tone', 'red');
    expect(failed.getByTestId('report-failure')).toHaveTextContent(/limit of reports queued or in progress/);
    const ready = within(rows[3]);
    expect(ready.getByText('Ready')).toHaveAttribute('data-tone', 'green');
    expect(await ready.findByRole('button', { name: 'Download report_r-2.csv' })).toBeInTheDocument();
    expect(ready.getByText('At 31/10/2026 · Acme and sub-companies')).toBeInTheDocument();
    const expired = within(rows[4]);
    expect(expired.getByText('The file was deleted: generate it again.')).toBeInTheDocument();
    expect(expired.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate report' })).toBeInTheDocument();
  });

  it('downloads a ready report as report_<id>.csv', async () => {
    serveConfiguration();
    server.use(
      http.get(LIST_API, () => listOf([generated({ id: 'r-2' })])),
      http.get(`${LIST_API}/r-2`, () => new HttpResponse('\uFEFFCompany;Balance\n', { headers: { 'Content-Type': 'text/csv' } })),
    );
    const createObjectURL = vi.fn((blob: Blob) => (blob.size > 0 ? 'blob:report' : 'blob:empty'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download report_r-2.csv' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('report_r-2.csv');
    expect(createObjectURL).toHaveReturnedWith('blob:report');
  });

  it('sends the type and state filters, newest first', async () => {
    serveConfiguration();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(LIST_API, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return listOf([generated()]);
      }),
    );
    await render();
    await screen.findByText('1 report');
    expect(queries[0].get('sort')).toBe('["createdAt","DESC"]');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.click(screen.getByRole('combobox', { name: 'Report type' }));
    await user.click(await screen.findByRole('option', { name: 'Orders' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ state: 'failed', reportId: 'orders' }));
  });

  it('asks again every 2 s while a report is queued or running, and stops once none is', async () => {
    // only the polling interval is fake: requests and rendering run as usual
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    serveConfiguration();
    let calls = 0;
    server.use(
      http.get(LIST_API, () => {
        calls += 1;
        return listOf([calls === 1 ? generated({ state: 'queued', progress: 0 }) : calls === 2 ? generated({ state: 'running', progress: 60 }) : generated({ state: 'ready' })]);
      }),
    );
    await render();
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2000));
    expect(await screen.findByRole('progressbar', { name: 'Progress of Outstanding balances' })).toHaveAttribute('aria-valuenow', '60');
    act(() => void vi.advanceTimersByTime(2000));
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(calls).toBe(3);
    // nothing active: a minute more of intervals asks nothing
    act(() => void vi.advanceTimersByTime(60_000));
    await act(() => Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(3);
  });

  it('offers no generating to a user without the report flag', async () => {
    serveConfiguration();
    server.use(http.get(LIST_API, () => listOf([generated({ id: 'r-2' })])));
    await render([]);
    expect(screen.queryByRole('button', { name: 'Generate report' })).not.toBeInTheDocument();
  });
});
