import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from './httpClient';
import { parseContentRange } from './contentRange';
import { reportDownloadPath, resourcePath } from './resourcePaths';

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
      const { query, perPage } = listQuery(params);
      const { body, headers } = await http.request<RaRecord[]>(resourcePath(resource), { query, signal: params.signal });
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
      const { query, perPage } = listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
      const { body, headers } = await http.request<RaRecord[]>(resourcePath(resource), { query, signal: params.signal });
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
  };
}

export type TesseraDataProvider = ReturnType<typeof createDataProvider>;
