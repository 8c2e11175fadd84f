import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CircularProgress, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, RecordContextProvider, useCanAccess, useListContext, useTranslate, type Identifier } from 'react-admin';
import type { WalletMovement, WalletMovementFilter } from '../../../../domain/reloadables';
import { DateTimeField } from '../../../components/DateTimeField';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { MoneyField } from '../../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';
import { ResponsiveListFilters } from '../../../components/ResponsiveListFilters';
import { ListCount } from './ListCount';
import { MovementAmountField, MovementCardField, MovementRunLink, MovementTypeField } from './MovementFields';
import { MovementFilterChips, MovementFilterForm } from './MovementFilterForm';
import { useMovementExport } from './useMovementExport';

const PAGE_SIZE = 25;

function NoMovements() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('reloadables.movements.empty')}
    </Typography>
  );
}

function DownloadButton({ resource, fileStem, subCompanyId }: { resource: string; fileStem: string; subCompanyId?: Identifier }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'export' });
  const { filterValues } = useListContext();
  const { download, busy } = useMovementExport(fileStem, subCompanyId);
  if (!canAccess) return null;
  return (
    <Button
      variant="outlined"
      sx={{ ml: 'auto' }}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label={translate('reloadables.movements.downloading')} /> : <DownloadIcon />}
      disabled={busy}
      onClick={() => void download(filterValues as WalletMovementFilter)}
    >
      {translate('reloadables.movements.download')}
    </Button>
  );
}

/** Who the movement was with (the other wallet of a transfer), and the note written with it (a funding's or a transfer's, as the CSV has it). */
function Counterpart({ movement }: { movement: WalletMovement }) {
  const translate = useTranslate();
  return (
    <>
      {movement.counterpartCompanyName ?? ''}
      {movement.note && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {`${translate('reloadables.movements.fields.note')}: ${movement.note}`}
        </Typography>
      )}
    </>
  );
}

/** Phones: type and amount on the first line; date, balance after, counterpart or card, user on the second. */
function CompactMovements() {
  const translate = useTranslate();
  const { data } = useListContext<WalletMovement>();
  if (!data?.length) return <NoMovements />;
  return (
    <List disablePadding aria-label={translate('reloadables.movements.title')}>
      {data.map((movement) => (
        <RecordContextProvider key={movement.id} value={movement}>
          <ListItem divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flexGrow: 1 }}>
                <MovementTypeField />
              </Box>
              <MovementAmountField />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <DateTimeField source="createdAt" /> · {translate('reloadables.movements.fields.balanceAfter')} <MoneyField source="balanceAfterCents" />
              {movement.counterpartCompanyName ? ` · ${movement.counterpartCompanyName}` : ''}
              {movement.userName ? ` · ${movement.userName}` : ''}
              {movement.note ? ` · ${translate('reloadables.movements.fields.note')}: ${movement.note}` : ''}
            </Typography>
            {movement.cardNumber && <MovementCardField />}
            {!movement.cardNumber && <MovementRunLink />}
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

function MovementRows() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext<WalletMovement>();
  if (error && !data?.length) return <ListLoadError />;
  const label = (key: string) => translate(`reloadables.movements.fields.${key}`);
  if (phone) return <Card variant="outlined">{<CompactMovements />}</Card>;
  return (
    <Card variant="outlined">
      <DataTable<WalletMovement> bulkActionButtons={false} rowClick={false} empty={<NoMovements />} sx={SCROLLABLE_TABLE_SX}>
        <DataTable.Col source="createdAt" label={label('createdAt')} disableSort render={() => <DateTimeField source="createdAt" />} />
        <DataTable.Col source="type" label={label('type')} disableSort field={MovementTypeField} />
        <DataTable.Col source="amountCents" label={label('amount')} disableSort align="right" field={MovementAmountField} />
        <DataTable.Col source="balanceAfterCents" label={label('balanceAfter')} disableSort align="right" render={() => <MoneyField source="balanceAfterCents" />} />
        <DataTable.Col source="counterpartCompanyName" label={label('counterpart')} disableSort render={(movement: WalletMovement) => <Counterpart movement={movement} />} />
        <DataTable.Col source="cardNumber" label={label('card')} disableSort render={(movement: WalletMovement) => (movement.cardNumber ? <MovementCardField /> : <MovementRunLink />)} />
        <DataTable.Col source="userName" label={label('user')} disableSort />
      </DataTable>
    </Card>
  );
}

/**
 * A wallet's movements, newest first (SPEC §3 "reload type, amount and balance"): filters (type,
 * reason, date range), a count, the CSV download, load more. `resource` is the wallet's
 * (`reloadables/wallet`) or a sub-company's (`reloadables/walletSubCompanies-movements`, with
 * `subCompanyId` as its permanent filter).
 */
export function WalletMovements({ resource, fileStem, subCompanyId }: { resource: 'reloadables/wallet' | 'reloadables/walletSubCompanies-movements'; fileStem: string; subCompanyId?: Identifier }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="wallet-movements-title">
      <Typography variant="h6" component="h2" id="wallet-movements-title" sx={{ mb: 1 }}>
        {translate('reloadables.movements.title')}
      </Typography>
      <InfiniteListBase<WalletMovement>
        resource={resource}
        filter={subCompanyId === undefined ? undefined : { subCompanyId }}
        perPage={PAGE_SIZE}
        sort={{ field: 'createdAt', order: 'DESC' }}
        queryOptions={{ onError: () => undefined }}
        disableSyncWithLocation
        storeKey={false}
      >
        <ResponsiveListFilters form={<MovementFilterForm />} chips={<MovementFilterChips />} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <ListCount keys="reloadables.movements" />
          <DownloadButton resource={resource} fileStem={fileStem} subCompanyId={subCompanyId} />
        </Box>
        <MovementRows />
        <LoadMoreButton label={translate('reloadables.movements.loadMore')} />
      </InfiniteListBase>
    </Box>
  );
}
