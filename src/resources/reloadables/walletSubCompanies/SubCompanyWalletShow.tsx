import { Box } from '@mui/material';
import { useCanAccess, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { BackLink } from '../../../components/schema';
import { WalletMovements } from '../shared/WalletMovements';
import { WalletSummary } from '../shared/WalletSummary';
import { useWallet } from '../shared/useWallet';
import { TransferForm } from './TransferForm';

const RESOURCE = 'reloadables/walletSubCompanies';

/**
 * /reloadables/walletSubCompanies/{id} (SPEC §2): a sub-company's wallet, the transfer form
 * (plafond to it or back to the parent) for users allowed 'transfer', its movements and CSV.
 */
export default function SubCompanyWalletShow() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { id = '' } = useParams<{ id: string }>();
  const wallet = useWallet(id);
  const parent = useWallet();
  const { canAccess: canTransfer } = useCanAccess({ resource: RESOURCE, action: 'transfer' });
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <BackLink resource={RESOURCE} label="reloadables.subWallets.back" />
      <PageHeading title={translate('screens.walletSubCompanyDetail')} />
      <WalletSummary query={wallet} />
      {canTransfer && wallet.data && <TransferForm sub={wallet.data} parent={parent.data} onDone={refresh} />}
      <WalletMovements resource="reloadables/walletSubCompanies-movements" fileStem={`wallet-movements-${wallet.data?.companyCode ?? id}`} subCompanyId={id} />
    </Box>
  );
}
