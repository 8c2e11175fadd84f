import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { AdminContext } from 'react-admin';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { createQueryClient } from '../../dataProvider/queryClient';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { problem, signedIn } from '../../test/builders';
import { server } from '../../test/msw';
import DownloadsPage from './DownloadsPage';

async function renderDownloads(search: string) {
  const dataProvider = createDataProvider(createHttpClient({ onSessionEnd: () => undefined })) as DataProvider;
  render(
    <MemoryRouter initialEntries={[`/downloads${search}`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={await createI18nProvider()} queryClient={createQueryClient()}>
        <DownloadsPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('DownloadsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('explains an unknown type', async () => {
    await renderDownloads('?type=invoice&id=1');
    expect(screen.getByText('This kind of download is not available.')).toBeInTheDocument();
  });

  it('explains a missing id', async () => {
    await renderDownloads('?type=report');
    expect(screen.getByText('The link is incomplete: the file to download is not specified.')).toBeInTheDocument();
  });

  it('fetches the report CSV of the session company and saves it as report_{id}.csv', async () => {
    signedIn();
    server.use(
      http.get('/api/company/company-1/giftcard/report-generated/r-7', () => new HttpResponse('code;value\n', { headers: { 'Content-Type': 'text/csv' } })),
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await renderDownloads('?type=report&id=r-7');

    expect(await screen.findByText('The file report_r-7.csv has been downloaded.')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('report_r-7.csv');
  });

  it('shows the server error of a failed download', async () => {
    signedIn();
    server.use(
      http.get('/api/company/company-1/giftcard/report-generated/missing', () =>
        HttpResponse.json(problem(404, 'NOT_FOUND', '/api/company/company-1/giftcard/report-generated/missing'), { status: 404 }),
      ),
    );
    await renderDownloads('?type=report&id=missing');
    expect(await screen.findByText('The file could not be downloaded.')).toBeInTheDocument();
    expect(screen.getByText('The requested item does not exist.')).toBeInTheDocument();
  });
});
