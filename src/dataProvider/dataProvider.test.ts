import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../test/builders';
import { server } from '../test/msw';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './httpClient';

const provider = () => createDataProvider(createHttpClient({ onSessionEnd: () => undefined }));

describe('dataProvider', () => {
  it('maps a resource to its company-scoped path with simple-rest list parameters and an exact total', async () => {
    signedIn();
    let url: URL | undefined;
    server.use(
      http.get('/api/company/company-1/giftcard/report-generated', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json([{ id: 1 }, { id: 2 }], { headers: { 'Content-Range': 'reportsGenerated 10-11/42' } });
      }),
    );

    const result = await provider().getList('reportsGenerated', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { type: 'SALES' },
    });

    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(url?.searchParams.get('filter')).toBe('{"type":"SALES"}');
    expect(url?.searchParams.get('sort')).toBe('["createdAt","DESC"]');
    expect(url?.searchParams.get('range')).toBe('[10,19]');
  });

  it('reports hasNextPage when the server gives no exact total', async () => {
    signedIn();
    server.use(
      http.get('/api/company/company-1/giftcard/report', () =>
        HttpResponse.json([{ id: 1 }, { id: 2 }], { headers: { 'Content-Range': 'reportTypes 0-1/*' } }),
      ),
    );
    const result = await provider().getList('reportTypes', { pagination: { page: 1, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(result.total).toBeUndefined();
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
  });

  it('refuses a resource that is not in the path map', async () => {
    signedIn();
    await expect(provider().getOne('nope', { id: 1 })).rejects.toThrow(/RESOURCE_PATHS/);
  });
});
