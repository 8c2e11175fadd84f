import { useCanAccess, useGetIdentity, useGetList } from 'react-admin';
import type { Wallet } from '../../../../domain/reloadables';
import type { CompanyRecord } from '../../../../domain/schemas/companies-api';
import { COMPANIES } from '../../../components/companies/useScopeCompanies';

/**
 * The companies a card may be linked to: the company looked at and those below it (the server
 * checks the choice again). Read from the companies registry where the user may list it (as
 * useScopeCompanies does), and from the sub-company wallets for a parent company, which may lack
 * the registry's permission.
 */
export function useLinkableCompanies(): Array<{ id: string; name: string }> {
  const { identity } = useGetIdentity();
  const { canAccess: canListCompanies } = useCanAccess({ resource: COMPANIES, action: 'list' });
  const { canAccess: canListWallets } = useCanAccess({ resource: 'reloadables/walletSubCompanies', action: 'list' });
  const page = { pagination: { page: 1, perPage: 100 } };
  const { data: companies = [] } = useGetList<CompanyRecord>(COMPANIES, { ...page, sort: { field: 'companyName', order: 'ASC' } }, { enabled: canListCompanies === true });
  const { data: wallets = [] } = useGetList<Wallet & { id: string }>('reloadables/walletSubCompanies', { ...page, sort: { field: 'companyName', order: 'ASC' } }, { enabled: canListWallets === true });
  const choices = new Map<string, string>();
  if (identity?.companyId) choices.set(String(identity.companyId), String(identity.companyName ?? '…'));
  for (const company of companies) choices.set(company.id, company.companyName);
  for (const wallet of wallets) choices.set(wallet.companyId, wallet.companyName);
  return [...choices].map(([id, name]) => ({ id, name }));
}
