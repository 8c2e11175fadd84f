import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { BulkBody, BulkResult, CardFilter, CardMoveResult, GiftCard, ReturnBody } from '../../domain/giftcards';
import type { HttpClient } from './httpClient';
import { parseContentRange } from './contentRange';
import { listPath, reportDownloadPath, resourcePath } from './resourcePaths';

/**
 * react-admin dataProvider over the API (ra-data-simple-rest conventions: filter, sort and
 * range query parameters; Content-Range on lists). Resources map to paths through
 * RESOURCE_PATHS; actions that are not CRUD are named methods at the bottom.
 */
export function createDataProvider(http: HttpClient) {
  const listQuery = ({ pagination, sort, filter }: Partial<GetListParams>) => {
    const page = pagination?.page ?? 1;
    const perPage = pagination?.perPage ?? 25;
    const start = (page - 1) * perPage;
    return {
      query: {
        filter: JSON.stringify(filter ?? {}),
        sort: sort ? JSON.stringify([sort.field, sort.order]) : undefined,
        range: JSON.stringify([start, start + perPage - 1]),
      },
      start,
      perPage,
    };
  };
  const itemPath = (resource: string, id: Identifier) => `${resourcePath(resource)}/${encodeURIComponent(String(id))}`;

  const provider = {
    async getList(resource, params) {
      const { path, filter } = listPath(resource, params.filter);
      const { query, perPage } = listQuery({ ...params, filter });
      const { body, headers } = await http.request<RaRecord[]>(path, { query, signal: params.signal });
      return { data: body, ...parseContentRange(headers.get('Content-Range'), body.length, perPage - 1) };
    },
    async getOne(resource, params) {
      const { body } = await http.request<RaRecord>(itemPath(resource, params.id), { signal: params.signal });
      return { data: body };
    },
    async getMany(resource, params) {
      const query = { filter: JSON.stringify({ id: params.ids }) };
      const { body } = await http.request<RaRecord[]>(resourcePath(resource), { query, signal: params.signal });
      return { data: body };
    },
    async getManyReference(resource, params) {
      const { path, filter } = listPath(resource, { ...params.filter, [params.target]: params.id });
      const { query, perPage } = listQuery({ ...params, filter });
      const { body, headers } = await http.request<RaRecord[]>(path, { query, signal: params.signal });
      return { data: body, ...parseContentRange(headers.get('Content-Range'), body.length, perPage - 1) };
    },
    async create(resource, params) {
      const { body } = await http.request<RaRecord>(resourcePath(resource), { method: 'POST', json: params.data });
      return { data: body };
    },
    async update(resource, params) {
      const { body } = await http.request<RaRecord>(itemPath(resource, params.id), { method: 'PUT', json: params.data });
      return { data: body };
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => http.request(itemPath(resource, id), { method: 'PUT', json: params.data })));
      return { data: params.ids };
    },
    async delete(resource, params) {
      const { body } = await http.request<RaRecord | null>(itemPath(resource, params.id), { method: 'DELETE' });
      return { data: body ?? params.previousData ?? { id: params.id } };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => http.request(itemPath(resource, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
  } as DataProvider;

  return {
    ...provider,
    /** SPEC §7: a generated report as a CSV blob. */
    async downloadReport(reportId: string, signal?: AbortSignal): Promise<Blob> {
      const { body } = await http.request<Blob>(reportDownloadPath(reportId), { responseType: 'blob', signal });
      return body;
    },
    ...giftCardActions(http, itemPath),
  };
}

/** Gift-card and transaction actions (issue 3). Money-moving calls carry an Idempotency-Key. */
function giftCardActions(http: HttpClient, itemPath: (resource: string, id: Identifier) => string) {
  const idempotent = (key: string | undefined) => (key ? { 'Idempotency-Key': key } : undefined);
  const post = async <T>(url: string, json: unknown, idempotencyKey?: string) =>
    (await http.request<T>(url, { method: 'POST', json, headers: idempotent(idempotencyKey) })).body;
  return {
    /** The filtered card list as CSV, streamed by the server. */
    async exportGiftCards(filter: CardFilter, signal?: AbortSignal): Promise<Blob> {
      const url = `${resourcePath('giftcards')}/export`;
      const { body } = await http.request<Blob>(url, { query: { filter: JSON.stringify(filter) }, responseType: 'blob', signal });
      return body;
    },
    /** Exact code; 404 NOT_FOUND for a code that does not exist or is outside the caller's scope. */
    async searchGiftCardByCode(code: string, signal?: AbortSignal): Promise<GiftCard> {
      return (await http.request<GiftCard>(`${resourcePath('giftcards')}/search`, { query: { code }, signal })).body;
    },
    reloadGiftCard(id: Identifier, amountCents: number, idempotencyKey: string): Promise<CardMoveResult> {
      return post(`${itemPath('giftcards', id)}/reload`, { amountCents }, idempotencyKey);
    },
    /** One action on the given ids or on every card matching a filter; answers per-card results. */
    bulkGiftCards(body: BulkBody, idempotencyKey: string): Promise<BulkResult> {
      return post(`${resourcePath('giftcards')}/bulk`, body, idempotencyKey);
    },
    unfreezeTransaction(id: Identifier, idempotencyKey: string): Promise<CardMoveResult> {
      return post(`${itemPath('transactions', id)}/unfreeze`, {}, idempotencyKey);
    },
    returnConsume(id: Identifier, body: ReturnBody, idempotencyKey: string): Promise<CardMoveResult> {
      return post(`${itemPath('transactions', id)}/return`, body, idempotencyKey);
    },
    cancelTransaction(id: Identifier, idempotencyKey: string): Promise<CardMoveResult> {
      return post(`${itemPath('transactions', id)}/cancel`, {}, idempotencyKey);
    },
  };
}

export type TesseraDataProvider = ReturnType<typeof createDataProvider>;
