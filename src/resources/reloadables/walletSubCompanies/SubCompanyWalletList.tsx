import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { subCompanyWalletFields } from '../../../../domain/schemas/wallets';
import { useFormat } from '../../../i18n/formatMoney';
import { PageHeading } from '../../../components/PageHeading';
import { SchemaCompactList, SchemaList, useEditLink } from '../../../components/schema';

/** /reloadables/walletSubCompanies (SPEC §2, parent companies): each sub-company's wallet (domain/schemas/wallets.ts), the name linking to its page. */
export default function SubCompanyWalletList() {
  const translate = useTranslate();
  const format = useFormat();
  const link = useEditLink(subCompanyWalletFields.resource);
  const figure = (key: string, cents: number) => `${translate(`reloadables.wallet.${key}`)} ${format.cents(cents)}`;
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <PageHeading title={translate('screens.walletSubCompanies')} />
      <SchemaList
        fields={subCompanyWalletFields}
        storeKey={false}
        count
        countMore
        compact={
          <SchemaCompactList
            fields={subCompanyWalletFields}
            link={link}
            tertiaryText={(wallet) => format.cents(wallet.availableCents)}
            secondaryText={(wallet) => `${figure('balance', wallet.balanceCents)} · ${figure('reserved', wallet.reservedCents)}`}
            empty={null}
          />
        }
      />
    </Box>
  );
}
