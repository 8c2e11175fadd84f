import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../test/builders';
import { server } from '../test/msw';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './httpClient';

const provider = () => createDataProvider(createHttpClient({ onSessionEnd: () => undefined }));

describe('dataProvider', () => {
  it('maps a resource name (its SPEC path) to its company-scoped API path with simple-rest list parameters and an exact total', async () => {
    signedIn();
    let url: URL | undefined;
    server.use(
      http.get('/api/company/company-1/giftcard/report-generated', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json([{ id: 1 }, { id: 2 }], { headers: { 'Content-Range': 'reports 10-11/42' } });
      }),
    );

    const result = await provider().getList('report', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { type: 'SALES' },
    });

    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(url?.searchParams.get('filter')).toBe('{"type":"SALES"}');
    expect(url?.searchParams.get('sort')).toBe('["createdAt","DESC"]');
    expect(url?.searchParams.get('range')).toBe('[10,19]');
  });

  it('reads a range past the end: the real total when the server counted it (cards */9), no next page when it did not (*/*)', async () => {
    signedIn();
    server.use(http.get('/api/company/company-1/giftcard/cards', () => HttpResponse.json([], { headers: { 'Content-Range': 'cards */9' } })));
    const counted = await provider().getList('privative/giftcards', { pagination: { page: 40, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(counted).toEqual({ data: [], total: 9 });
    server.use(http.get('/api/company/company-1/giftcard/cards', () => HttpResponse.json([], { headers: { 'Content-Range': 'cards */*' } })));
    const uncounted = await provider().getList('privative/giftcards', { pagination: { page: 40, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(uncounted.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it('reports hasNextPage when the server gives no exact total (lists that never count)', async () => {
    signedIn();
    server.use(
      http.get('/api/company/company-1/giftcard/cards', () => HttpResponse.json([{ id: 1 }, { id: 2 }], { headers: { 'Content-Range': 'cards 2-3/*' } })),
    );
    const result = await provider().getList('privative/giftcards', { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(result.total).toBeUndefined();
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });

  it('asks for the next page after the previous page\'s cursor, and by range where it has none', async () => {
    signedIn();
    const asked: Array<{ range: string | null; cursor: string | null }> = [];
    server.use(
      http.get('/api/company/company-1/giftcard/cards', ({ request }) => {
        const url = new URL(request.url);
        asked.push({ range: url.searchParams.get('range'), cursor: url.searchParams.get('cursor') });
        const start = JSON.parse(url.searchParams.get('range')!)[0] as number;
        const last = start >= 4;
        return HttpResponse.json([{ id: start }, { id: start + 1 }], { headers: { 'Content-Range': `cards ${start}-${start + 1}/${last ? start + 2 : '*'}`, ...(last ? {} : { 'Next-Cursor': `after-${start + 1}` }) } });
      }),
    );
    const dataProvider = provider();
    const pageOf = (page: number, filter: object = {}) => dataProvider.getList('privative/giftcards', { pagination: { page, perPage: 2 }, sort: { field: 'progressive', order: 'ASC' }, filter });
    await pageOf(1);
    await pageOf(2);
    const last = await pageOf(3);
    // another filter is another list: its page 2 has no cursor yet
    await pageOf(2, { status: 'active' });
    expect(asked).toEqual([
      { range: '[0,1]', cursor: null },
      { range: '[2,3]', cursor: 'after-1' },
      { range: '[4,5]', cursor: 'after-3' },
      { range: '[2,3]', cursor: null },
    ]);
    expect(last).toEqual({ data: [{ id: 4 }, { id: 5 }], total: 6 });
  });

  it("fills a nested list's path from its filter or reference target (a card's ledger)", async () => {
    signedIn();
    const urls: URL[] = [];
    server.use(
      http.get('/api/company/company-1/giftcard/cards/card-9/transactions', ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json([{ id: 't1' }], { headers: { 'Content-Range': 'transactions 0-0/1' } });
      }),
    );
    const viaList = await provider().getList('privative/giftcard-transactions', { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { cardId: 'card-9', type: 'RECHARGE' } });
    const viaReference = await provider().getManyReference('privative/giftcard-transactions', { target: 'cardId', id: 'card-9', pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} });
    expect(viaList).toEqual({ data: [{ id: 't1' }], total: 1 });
    expect(viaReference).toEqual({ data: [{ id: 't1' }], total: 1 });
    expect(urls.map((url) => url.searchParams.get('filter'))).toEqual(['{"type":"RECHARGE"}', '{}']);
  });

  it('sends create, update and delete as JSON with the session headers', async () => {
    signedIn();
    const seen: { method: string; type: string | null; auth: string | null; language: string | null; body: string }[] = [];
    const record = async ({ request }: { request: Request }) => {
      seen.push({ method: request.method, type: request.headers.get('Content-Type'), auth: request.headers.get('Authorization'), language: request.headers.get('Accept-Language'), body: await request.text() });
      return HttpResponse.json({ id: 's1', code: 'S1' });
    };
    server.use(http.post('/api/company/company-1/stores', record), http.put('/api/company/company-1/stores/s1', record), http.delete('/api/company/company-1/stores/s1', record));
    await provider().create('privative/stores', { data: { code: 'S1' } });
    await provider().update('privative/stores', { id: 's1', data: { code: 'S1' }, previousData: { id: 's1' } });
    await provider().delete('privative/stores', { id: 's1', previousData: { id: 's1' } });
    expect(seen).toEqual([
      { method: 'POST', type: 'application/json', auth: 'Bearer access-1', language: 'it', body: '{"code":"S1"}' },
      { method: 'PUT', type: 'application/json', auth: 'Bearer access-1', language: 'it', body: '{"code":"S1"}' },
      { method: 'DELETE', type: null, auth: 'Bearer access-1', language: 'it', body: '' },
    ]);
  });

  it('refuses a resource the manifest gives no path', async () => {
    signedIn();
    await expect(provider().getOne('nope', { id: 1 })).rejects.toThrow(/domain\/resources.ts/);
    await expect(provider().getList('nope', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(/domain\/resources.ts/);
  });
});
