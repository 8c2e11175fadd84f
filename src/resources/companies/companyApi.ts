import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import type { ReferentInput } from '../../../domain/schemas/company';
import type { HttpClient } from '../../dataProvider/httpClient';
import { resourcePath } from '../../dataProvider/resourcePaths';
import { httpClient } from '../../services';
import { COMPANIES_RESOURCE } from './companyPaths';

/** Registry calls that are not plain CRUD: the referent and the logo. */
export function createCompanyApi(http: HttpClient) {
  const item = (id: string) => `${resourcePath(COMPANIES_RESOURCE)}/${encodeURIComponent(id)}`;
  return {
    async saveReferent(companyId: string, referent: ReferentInput): Promise<CompanyRecord> {
      return (await http.request<CompanyRecord>(`${item(companyId)}/referent`, { method: 'PUT', json: referent })).body;
    },
    async uploadLogo(companyId: string, file: File): Promise<CompanyRecord> {
      const body = new FormData();
      body.append('file', file, file.name);
      return (await http.request<CompanyRecord>(`${item(companyId)}/logo`, { method: 'POST', body })).body;
    },
    async logo(companyId: string, signal?: AbortSignal): Promise<Blob> {
      return (await http.request<Blob>(`${item(companyId)}/logo`, { responseType: 'blob', signal })).body;
    },
  };
}

export const companyApi = createCompanyApi(httpClient);
