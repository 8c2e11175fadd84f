import type { StoreImportResult } from '../../../domain/schemas/stores-api';
import type { HttpClient } from '../../dataProvider/httpClient';
import { resourcePath } from '../../dataProvider/resourcePaths';
import { httpClient } from '../../services';
import { STORES_RESOURCE } from './storePaths';

/** Store calls that are not plain CRUD: the CSV import and its template. */
export function createStoreApi(http: HttpClient) {
  return {
    async importCsv(file: File): Promise<StoreImportResult> {
      const body = new FormData();
      body.append('file', file, file.name);
      return (await http.request<StoreImportResult>(`${resourcePath(STORES_RESOURCE)}/import`, { method: 'POST', body })).body;
    },
    async template(): Promise<Blob> {
      return (await http.request<Blob>(`${resourcePath(STORES_RESOURCE)}/import-template`, { responseType: 'blob' })).body;
    },
  };
}

export const storeApi = createStoreApi(httpClient);
