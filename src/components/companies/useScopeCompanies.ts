import { useGetIdentity, useGetList } from 'react-admin';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { companyFields } from '../../../domain/schemas/company';

export const COMPANIES = companyFields.resource!;

/**
 * The companies a company or operator may belong to: the user's own company (from the
 * identity) and those below it (the server checks the choice again; this only fills the select).
 */
export function useScopeCompanies(excludeId?: string): Array<{ id: string; name: string }> {
  const { identity } = useGetIdentity();
  const { data = [] } = useGetList<CompanyRecord>(COMPANIES, { pagination: { page: 1, perPage: 100 }, sort: { field: 'companyName', order: 'ASC' } });
  const own = identity?.companyId ? [{ id: String(identity.companyId), name: String(identity.companyName ?? '…') }] : [];
  return [...own, ...data.filter((company) => company.id !== excludeId && company.id !== identity?.companyId).map((company) => ({ id: company.id, name: company.companyName }))];
}
