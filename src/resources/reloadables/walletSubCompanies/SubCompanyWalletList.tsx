import { Box, Card, Link as MuiLink, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, RecordContextProvider, useCreatePath, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Wallet } from '../../../../domain/reloadables';
import { DateTimeField } from '../../../components/DateTimeField';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { MoneyField, useFormatCents } from '../../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';
import { PageHeading } from '../../../components/PageHeading';
import { ListCount } from '../shared/ListCount';

const RESOURCE = 'reloadables/walletSubCompanies';
const PAGE_SIZE = 25;

type SubWallet = Wallet & { id: string };

/** The company's name as the link to its wallet (`walletSubCompanies/{id}`): Tab reaches it, Enter opens it. */
function CompanyLink() {
  const createPath = useCreatePath();
  const wallet = useRecordContext<SubWallet>();
  if (!wallet) return null;
  return (
    <MuiLink component={Link} to={createPath({ resource: RESOURCE, type: 'edit', id: wallet.id })}>
      {wallet.companyName}
    </MuiLink>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('reloadables.subWallets.empty')}
    </Typography>
  );
}

function CompactRows() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const { data } = useListContext<SubWallet>();
  if (!data?.length) return <Empty />;
  return (
    <List disablePadding aria-label={translate('screens.walletSubCompanies')}>
      {data.map((wallet) => (
        <RecordContextProvider key={wallet.id} value={wallet}>
          <ListItem divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <CompanyLink />
              <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatCents(wallet.availableCents)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {translate('reloadables.wallet.balance')} {formatCents(wallet.balanceCents)} · {translate('reloadables.wallet.reserved')} {formatCents(wallet.reservedCents)}
            </Typography>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

function Rows() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext<SubWallet>();
  if (error && !data?.length) return <ListLoadError />;
  if (phone) return <Card variant="outlined">{<CompactRows />}</Card>;
  const label = (key: string) => translate(`reloadables.wallet.${key}`);
  return (
    <Card variant="outlined">
      <DataTable<SubWallet> bulkActionButtons={false} rowClick={false} empty={<Empty />} sx={SCROLLABLE_TABLE_SX}>
        <DataTable.Col source="companyName" label={label('company')} disableSort field={CompanyLink} />
        <DataTable.Col source="companyCode" label={label('companyCode')} disableSort />
        <DataTable.Col source="balanceCents" label={label('balance')} disableSort align="right" render={() => <MoneyField source="balanceCents" />} />
        <DataTable.Col source="reservedCents" label={label('reserved')} disableSort align="right" render={() => <MoneyField source="reservedCents" />} />
        <DataTable.Col source="availableCents" label={label('available')} disableSort align="right" render={() => <MoneyField source="availableCents" />} />
        <DataTable.Col source="lastReloadAt" label={label('lastReloadAt')} disableSort render={() => <DateTimeField source="lastReloadAt" />} />
      </DataTable>
    </Card>
  );
}

/** /reloadables/walletSubCompanies (SPEC §2, parent companies): each sub-company's wallet, the name linking to its page. */
export default function SubCompanyWalletList() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <PageHeading title={translate('screens.walletSubCompanies')} />
      <InfiniteListBase<SubWallet> resource={RESOURCE} perPage={PAGE_SIZE} sort={{ field: 'companyName', order: 'ASC' }} queryOptions={{ onError: () => undefined }} disableSyncWithLocation storeKey={false}>
        <Box sx={{ mb: 1 }}>
          <ListCount keys="reloadables.subWallets" />
        </Box>
        <Rows />
        <LoadMoreButton label={translate('reloadables.subWallets.loadMore')} />
      </InfiniteListBase>
    </Box>
  );
}
