import AddCardIcon from '@mui/icons-material/AddCard';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useRefresh, useTranslate } from 'react-admin';
import { PageHeading } from '../../../components/PageHeading';
import { WalletMovements } from '../shared/WalletMovements';
import { WalletSummary } from '../shared/WalletSummary';
import { useWallet } from '../shared/useWallet';
import { FundWalletDialog } from './FundWalletDialog';

const RESOURCE = 'reloadables/wallet';

/** Funding is provider staff's: the access table says so (domain/access.ts). */
function useCanFund(): boolean {
  return useCanAccess({ resource: RESOURCE, action: 'fund' }).canAccess === true;
}

/**
 * /reloadables/wallet (SPEC §2): the company's plafond (balance, reserved for planned reloads,
 * available, last reload), "fund wallet" for provider staff, and the movements with filters,
 * load more and CSV.
 */
export default function WalletPage() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const wallet = useWallet();
  const canFund = useCanFund();
  const [funding, setFunding] = useState(false);
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <PageHeading title={translate('screens.wallet')} />
      <WalletSummary
        query={wallet}
        actions={
          canFund && wallet.data ? (
            <Button variant="contained" startIcon={<AddCardIcon />} onClick={() => setFunding(true)}>
              {translate('reloadables.fund.open')}
            </Button>
          ) : null
        }
      />
      {funding && wallet.data && <FundWalletDialog wallet={wallet.data} onClose={() => setFunding(false)} onDone={refresh} />}
      <WalletMovements resource={RESOURCE} fileStem="wallet-movements" />
    </Box>
  );
}
