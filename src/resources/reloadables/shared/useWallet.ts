import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { Wallet } from '../../../../domain/reloadables';
import type { TesseraDataProvider } from '../../../dataProvider/types';

/**
 * The wallet of the company looked at, or of one of its sub-companies. A react-query query, so
 * react-admin's refresh (after a funding, a transfer, a reload) asks for it again with the lists.
 */
export function useWallet(subCompanyId?: Identifier) {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  return useQuery<Wallet>({
    queryKey: ['reloadables/wallet', 'summary', subCompanyId ?? null],
    queryFn: ({ signal }) => dataProvider.getWallet(subCompanyId, signal),
    retry: false,
  });
}
