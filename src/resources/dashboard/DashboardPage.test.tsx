import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Embed } from 'powerbi-client';
import { models } from 'powerbi-client';
import type { EmbedProps } from 'powerbi-client-react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardEmbed, DashboardStats } from '../../../domain/dashboard';
import type { PermissionKey } from '../../../domain/permissions';
import { i18n, translate } from '../../i18n/i18n';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import DashboardPage from './DashboardPage';
import { businessToday } from './period';

const displayDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

// the Power BI client talks to an iframe of app.powerbi.com: the screen's side is what it is handed
const embedded: EmbedProps[] = [];
vi.mock('powerbi-client-react', () => ({
  PowerBIEmbed: (props: EmbedProps) => {
    embedded.push(props);
    return <div data-testid="powerbi" />;
  },
}));

beforeAll(() => {
  // MUI X Charts measure their box; jsdom has no layout
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  embedded.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const API = '/api/company/company-1';
const zero = { soldCount: 0, activatedCount: 0, activatedCents: 0, consumedCount: 0, consumedCents: 0 };
const point = (period: string, figures: Partial<DashboardStats['series'][number]>) => ({ ...zero, outstandingCents: 0, period, ...figures });

function stats(premium: boolean): DashboardStats {
  return {
    from: '2026-11-01',
    to: '2026-11-02',
    granularity: 'day',
    updatedAt: '2026-11-27T09:15:00.000Z',
    series: [point('2026-11-01', { soldCount: 3, activatedCount: 2, activatedCents: 5000, consumedCount: 1, consumedCents: 1250, outstandingCents: 3750 }), point('2026-11-02', { soldCount: 1, outstandingCents: 3750 })],
    totals: { soldCount: 4, activatedCount: 2, activatedCents: 5000, consumedCount: 1, consumedCents: 1250, outstandingCents: 3750 },
    ...(premium
      ? {
          premium: {
            previous: { from: '2026-10-30', to: '2026-10-31', totals: { soldCount: 2, activatedCount: 1, activatedCents: 10000, consumedCount: 1, consumedCents: 0, outstandingCents: 3750 } },
            byTypology: [{ ...zero, typologyId: 'typology-1', typologyName: 'Gift 50', soldCount: 4, outstandingCents: 3750 }],
            byStore: [{ ...zero, storeId: 'store-1', storeName: 'Centro', consumedCount: 1, consumedCents: 1250 }],
          },
        }
      : {}),
  };
}

function serve({ embeds = [{ mode: 'builtin' }], answer = stats(false) }: { embeds?: DashboardEmbed[]; answer?: DashboardStats } = {}) {
  const queries: Array<Record<string, string>> = [];
  let embedCalls = 0;
  server.use(
    http.get(`${API}/dashboard/embed`, () => HttpResponse.json(embeds[Math.min(embedCalls++, embeds.length - 1)])),
    http.get(`${API}/dashboard/stats`, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(answer);
    }),
    http.get(`${API}/companies/company-2`, () => HttpResponse.json({ id: 'company-2', companyName: 'Acme Nord' })),
    http.get(`${API}/companies`, () => HttpResponse.json([{ id: 'company-2', companyName: 'Acme Nord' }], { headers: { 'Content-Range': 'companies 0-0/1' } })),
  );
  return queries;
}

const renderPage = (permissions: PermissionKey[] = ['powerBi.reportBase']) =>
  renderScreen(<DashboardPage />, { path: '/dashboard', permissions, resource: 'dashboard' });

/** jsdom's Blob has no text(): read it as the browser's FileReader does, keeping the BOM. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** What saveBlob hands the browser: the file's name and its bytes. */
function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  let blob: Blob | undefined;
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (b: Blob) => ((blob = b), 'blob:dashboard'), revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blob! });
  });
  return files;
}

describe('DashboardPage (built-in charts)', () => {
  it('shows the KPI tiles and the base charts of the period, and no premium part without premium', async () => {
    const queries = serve();
    await renderPage();
    const kpis = await screen.findByRole('list', { name: 'Figures of the period' });
    expect(within(kpis).getByText('4')).toBeInTheDocument();
    expect(within(kpis).getByText('€50.00')).toBeInTheDocument();
    expect(within(kpis).getByText('€12.50')).toBeInTheDocument();
    expect(within(kpis).getByText('€37.50')).toBeInTheDocument();
    for (const title of ['Outstanding balance', 'Cards sold and activated', 'Value redeemed']) expect(screen.getByRole('figure', { name: title })).toBeInTheDocument();
    expect(screen.getByText(/^Figures updated/)).toBeInTheDocument();
    // premium parts absent
    for (const title of ['Outstanding balance by product', 'Value redeemed by store', 'Current and previous period']) expect(screen.queryByRole('figure', { name: title })).not.toBeInTheDocument();
    expect(screen.queryByText(/previous period/)).not.toBeInTheDocument();
    // last 30 days with the sub-companies, of the company looked at; no company filter for a user who may not list companies
    expect(queries[0]).toMatchObject({ includeSubCompanies: 'true' });
    expect(queries[0].companyId).toBeUndefined();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('with premium, adds the breakdowns, the comparison and the change against the previous period', async () => {
    serve({ answer: stats(true) });
    await renderPage(['powerBi.reportPremium']);
    for (const title of ['Outstanding balance by product', 'Value redeemed by store', 'Current and previous period']) expect(await screen.findByRole('figure', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '100% more than the previous period' })).toHaveTextContent('+100%');
    expect(screen.getByRole('img', { name: '50% less than the previous period' })).toHaveTextContent('\u221250%');
    expect(screen.getByRole('img', { name: 'Same as the previous period' })).toHaveTextContent('0%');
    expect(screen.getByText('No figures in the previous period')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Outstanding balance by product' })).getByRole('cell', { name: 'Gift 50' })).toBeInTheDocument();
  });

  it('downloads a chart\'s data as CSV in Italian, named after the chart and the period', async () => {
    await i18n.changeLanguage('it');
    serve();
    const files = captureDownloads();
    await renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Scarica i dati del grafico Saldo residuo in CSV' }));
    expect(files[0].name).toBe('dashboard-outstanding_2026-11-01_2026-11-02.csv');
    const text = await textOf(files[0].blob);
    expect(text).toBe(
      '\uFEFFPeriodo;Carte vendute;Carte attivate;Valore attivato;Consumi;Valore consumato;Saldo residuo\r\n' + '01/11/2026;3;2;50,00;1;12,50;37,50\r\n' + '02/11/2026;1;0;0,00;0;0,00;37,50\r\n',
    );
  });

  it('asks for a sub-company, with or without its own sub-companies', async () => {
    const queries = serve();
    const user = userEvent.setup();
    await renderPage(['powerBi.reportBase', 'privative.companies']);
    await screen.findByRole('figure', { name: 'Outstanding balance' });
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Nord' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ companyId: 'company-2', includeSubCompanies: 'true' }));
    await user.click(screen.getByRole('switch', { name: 'Include sub-companies' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ companyId: 'company-2', includeSubCompanies: 'false' }));
  });

  it('refuses a custom period ending before it starts without asking, and asks for a right one', async () => {
    const queries = serve();
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('figure', { name: 'Outstanding balance' });
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    // it starts from the period shown: the last 30 days
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue(displayDay(businessToday()));
    // each day pasted whole: typing re-renders the charts at every key, slowly in jsdom
    const asked = queries.length;
    await user.clear(screen.getByRole('textbox', { name: 'To' }));
    await user.paste('01/10/2026');
    await user.clear(screen.getByRole('textbox', { name: 'From' }));
    await user.paste('31/10/2026');
    expect(await screen.findByText(translate('validation.dateRange'))).toBeInTheDocument();
    expect(queries).toHaveLength(asked);
    await user.clear(screen.getByRole('textbox', { name: 'To' }));
    await user.paste('30/11/2026');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ from: '2026-10-31', to: '2026-11-30' }));
  });

  it('tells a failed load in words', async () => {
    serve();
    server.use(http.get(`${API}/dashboard/stats`, () => HttpResponse.json({ code: 'INTERNAL_ERROR', status: 500 }, { status: 500, headers: { 'Content-Type': 'application/problem+json' } })));
    await renderPage();
    expect(await screen.findByText('Unable to load the dashboard figures, please try again.')).toBeInTheDocument();
  });
});

describe('DashboardPage (Power BI)', () => {
  const powerBi = (token: string, expiresAt: string): DashboardEmbed => ({ mode: 'powerbi', reportId: 'report-1', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=report-1', accessToken: token, expiresAt, level: 'base' });
  const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

  it('embeds the report with its embed token, asks no built-in figures and stores no token', async () => {
    const queries = serve({ embeds: [powerBi('token-1', inAnHour())] });
    await renderPage();
    expect(await screen.findByTestId('powerbi')).toBeInTheDocument();
    expect(embedded[0].embedConfig).toMatchObject({ type: 'report', id: 'report-1', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=report-1', accessToken: 'token-1', tokenType: models.TokenType.Embed });
    expect(queries).toHaveLength(0);
    expect(JSON.stringify({ ...localStorage })).not.toContain('token-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('token-1');
  });

  it('sets a refreshed token on the report without re-embedding it', async () => {
    // already within ten minutes of its expiry: refreshed at once
    serve({ embeds: [powerBi('token-1', new Date(Date.now() + 60_000).toISOString()), powerBi('token-2', inAnHour())] });
    const report = { setAccessToken: vi.fn().mockResolvedValue(undefined), setComponentTitle: vi.fn() };
    await renderPage();
    await screen.findByTestId('powerbi');
    embedded[0].getEmbeddedComponent?.(report as unknown as Embed);
    await waitFor(() => expect(report.setAccessToken).toHaveBeenCalledWith('token-2'));
    expect(report.setComponentTitle).toHaveBeenCalledWith("The company's Power BI report");
    expect(new Set(embedded.map((props) => props.embedConfig))).toHaveProperty('size', 1);
  });

  it('falls back to the built-in charts with a notice when no token can be had', async () => {
    serve({ embeds: [{ mode: 'builtin', fallback: 'POWERBI_UNAVAILABLE' }] });
    await renderPage();
    expect(await screen.findByText('Power BI is not available right now: showing the built-in charts.')).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Outstanding balance' })).toBeInTheDocument();
  });

  it('falls back with the notice when the refresh gets no new token', async () => {
    serve({ embeds: [powerBi('token-1', new Date(Date.now() + 60_000).toISOString()), { mode: 'builtin', fallback: 'POWERBI_UNAVAILABLE' }] });
    await renderPage();
    await screen.findByTestId('powerbi');
    embedded[0].getEmbeddedComponent?.({ setAccessToken: vi.fn(), setComponentTitle: vi.fn() } as unknown as Embed);
    expect(await screen.findByText('Power BI is not available right now: showing the built-in charts.')).toBeInTheDocument();
    expect(screen.queryByTestId('powerbi')).not.toBeInTheDocument();
  });
});
