import { useGetIdentity, useGetList } from 'react-admin';
import { readCompanyId } from '../../authProvider/session';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import type { SelectOption } from './FormSelectField';
import { COMPANIES_RESOURCE } from './companyPaths';

/**
 * The companies a new company or operator may belong to: the user's own company and those below
 * it (the server checks the choice again; this only fills the select).
 */
export function useScopeCompanies(excludeId?: string): SelectOption[] {
  const { identity } = useGetIdentity();
  const { data = [] } = useGetList<CompanyRecord>(COMPANIES_RESOURCE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'companyName', order: 'ASC' } });
  const own = readCompanyId();
  const options: SelectOption[] = own ? [{ value: own, label: String(identity?.companyName ?? '…') }] : [];
  for (const company of data) if (company.id !== excludeId) options.push({ value: company.id, label: company.companyName });
  return options;
}
