import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import ReloadHistoryList from './ReloadHistoryList';
import { BASE, run } from './testData.test-helper';

const HISTORY = `${BASE}/reloads/history`;
const runs = [run(), run({ id: '7e000000-0000-4000-8000-000000000002', number: 'RL-000041', source: 'MANUAL', fileName: null, rowCount: 1, creditedCount: 1, creditedCents: 1000, deletedCount: 0 })];

function serve() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(HISTORY, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(runs, { headers: { 'Content-Range': 'history 0-1/2' } });
    }),
  );
  return queries;
}

const render = () => renderScreen(<ReloadHistoryList />, { path: '/reloadables/reloads-history', permissions: ['reloadable.reloads'], resource: 'reloadables/reloads-history' });

describe('ReloadHistoryList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the runs newest first with source, file, rows, credited and not credited, each number a link to the run', async () => {
    const queries = serve();
    await render();
    expect(await screen.findByRole('link', { name: 'RL-000042' })).toHaveAttribute('href', `/reloadables/reloads-history/${runs[0].id}`);
    expect(screen.getByRole('link', { name: 'RL-000041' })).toHaveAttribute('href', `/reloadables/reloads-history/${runs[1].id}`);
    expect(queries[0].get('sort')).toBe('["createdAt","DESC"]');
    const first = screen.getByRole('link', { name: 'RL-000042' }).closest('tr')!;
    expect(within(first).getByText('CSV file')).toBeInTheDocument();
    expect(within(first).getByText('november.csv')).toBeInTheDocument();
    expect(within(first).getByText('2 · €50.00')).toBeInTheDocument();
    expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('filters by source and days', async () => {
    const queries = serve();
    await render();
    await screen.findByRole('link', { name: 'RL-000042' });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Filters' });
    await user.click(within(form).getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Manual selection' }));
    await user.type(within(form).getByRole('textbox', { name: 'To' }), '30/11/2026');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ source: 'MANUAL', dateTo: new Date(2026, 10, 30, 23, 59, 59, 999).toISOString() });
  });

  it('downloads the CSV of the filtered runs in the UI language and the browser time zone, with progress while it downloads', async () => {
    serve();
    let release: () => void = () => undefined;
    const exports: URLSearchParams[] = [];
    server.use(
      http.get(`${HISTORY}/export`, async ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse('run;row\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => (created.push('blob'), 'blob:history'), revokeObjectURL: () => undefined }));
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download the list (CSV)' }));
    expect(await screen.findByRole('button', { name: 'Downloading…' })).toBeDisabled();
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].get('lang')).toBe('en');
    expect(exports[0].get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(JSON.parse(exports[0].get('filter')!)).toEqual({});
    release();
    await waitFor(() => expect(created).toEqual(['blob']));
    expect(await screen.findByRole('button', { name: 'Download the list (CSV)' })).toBeEnabled();
  });
});
