import AddCardIcon from '@mui/icons-material/AddCard';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useRefresh, useTranslate } from 'react-admin';
import { PageHeading } from '../../../components/PageHeading';
import { useUserConfiguration } from '../../../authProvider/useUserConfiguration';
import { WalletMovements } from '../shared/WalletMovements';
import { WalletSummary } from '../shared/WalletSummary';
import { useWallet } from '../shared/useWallet';
import { FundWalletDialog } from './FundWalletDialog';

const RESOURCE = 'reloadables/wallet';

/** Funding is provider staff's (README: the API refuses it to others with 403, whatever their flags). */
function useCanFund(): boolean {
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'fund' });
  const { data: configuration } = useUserConfiguration();
  return canAccess === true && configuration?.company.isProvider === true;
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
