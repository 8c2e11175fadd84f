import { useCanAccess, useGetIdentity, useGetOne } from 'react-admin';
import type { CompanyRecord } from '../../../../domain/schemas/companies-api';

const COMPANIES = 'privative-orders/companies';

/** The name of the company receiving the cards: the user's own from the identity, another from the registry when the user may read it. */
export function useCompanyName(companyId: string | undefined): string | null {
  const { identity } = useGetIdentity();
  const own = identity?.companyId === companyId;
  const { canAccess } = useCanAccess({ resource: COMPANIES, action: 'show' });
  const { data } = useGetOne<CompanyRecord>(COMPANIES, { id: companyId ?? '' }, { enabled: Boolean(companyId) && !own && canAccess === true, retry: false });
  if (own) return (identity?.companyName as string | undefined) ?? null;
  return data?.companyName ?? null;
}
