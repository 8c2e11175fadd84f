import { Box, Card, Chip, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import type { Transaction } from '../../../domain/giftcards';
import { DateTimeField } from '../../components/DateTimeField';
import { ListLoadError } from '../../components/ListLoadError';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { MoneyField } from '../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../components/scrollableTable';
import { formatDate } from '../../i18n/dates';
import { PageHeading } from '../../components/PageHeading';
import { GiftCardCodeLink } from '../giftcards/GiftCardCodeLink';
import { ResponsiveListFilters } from '../../components/ResponsiveListFilters';
import { TransactionAmountField, TransactionResultField, TransactionTypeField } from './TransactionFields';
import { TransactionFilterForm } from './TransactionFilterForm';
import { TransactionRowActions } from './TransactionRowActions';

const PAGE_SIZE = 25;

function NoTransactions() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('transactions.list.empty')}
    </Typography>
  );
}

/** The applied filters as chips (phones show them next to the folded form). */
function FilterChips() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const entries = Object.entries(filterValues as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== '');
  const valueOf = (key: string, value: unknown) =>
    key === 'type' ? translate(`transactions.listTypes.${String(value)}`) : /^date/.test(key) ? formatDate(String(value)) : key === 'storeId' || key === 'cardId' ? '✓' : String(value);
  return (
    <>
      {entries.map(([key, value]) => (
        <Chip key={key} size="small" variant="outlined" label={`${translate(`transactions.filters.${key === 'storeId' ? 'store' : key === 'cardId' ? 'card' : key}`)}: ${valueOf(key, value)}`} />
      ))}
    </>
  );
}

/** A phone's transaction rows: card, type, result and amount, then date and store; the actions menu first. */
function CompactTransactions() {
  const translate = useTranslate();
  const { data } = useListContext<Transaction>();
  if (!data?.length) return <NoTransactions />;
  return (
    <List disablePadding aria-label={translate('screens.transactionList')}>
      {data.map((transaction) => (
        <RecordContextProvider key={transaction.id} value={transaction}>
          <ListItem divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <TransactionRowActions />
              <GiftCardCodeLink />
              <TransactionTypeField />
              <Box sx={{ ml: 'auto' }}>
                <TransactionAmountField />
              </Box>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              <TransactionResultField />
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                <DateTimeField source="createdAt" /> {transaction.storeName ? `· ${transaction.storeName}` : ''}
              </Typography>
            </Box>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

/** A page that could not be loaded shows why and a Retry, never the empty-list text. */
function Rows() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext<Transaction>();
  if (error && !data?.length) return <ListLoadError />;
  const label = (key: string) => translate(`transactions.fields.${key}`);
  return (
    <Card variant="outlined">
      {phone ? (
        <CompactTransactions />
      ) : (
        <DataTable<Transaction> bulkActionButtons={false} rowClick={false} empty={<NoTransactions />} sx={SCROLLABLE_TABLE_SX}>
          {/* first: the row's actions are on screen at any width */}
          <DataTable.Col label={label('actions')} disableSort field={TransactionRowActions} cellSx={() => ({ width: 48, px: 0.5 })} />
          <DataTable.Col source="createdAt" label={label('createdAt')} render={() => <DateTimeField source="createdAt" />} />
          <DataTable.Col source="cardCode" label={label('card')} disableSort field={GiftCardCodeLink} />
          <DataTable.Col source="type" label={label('type')} disableSort field={TransactionTypeField} />
          <DataTable.Col source="result" label={label('result')} disableSort field={TransactionResultField} />
          <DataTable.Col source="amountCents" label={label('amount')} disableSort align="right" field={TransactionAmountField} />
          <DataTable.Col source="balanceAfterCents" label={label('balanceAfter')} disableSort align="right" render={() => <MoneyField source="balanceAfterCents" />} />
          <DataTable.Col source="storeName" label={label('store')} disableSort />
          <DataTable.Col source="returnNumber" label={label('returnNumber')} disableSort />
          <DataTable.Col source="typologyName" label={label('typology')} disableSort />
        </DataTable>
      )}
    </Card>
  );
}

/**
 * /privative/transactions/list: the ledger of the company's cards, with row actions (SPEC §2).
 * The card code links to the card; the row's actions are a menu at the start of the row, so the
 * table fits its card at 1280 px and phones get compact rows with the filters folded.
 */
export default function TransactionList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('screens.transactionList')} />
      <InfiniteListBase<Transaction> resource="privative/transactions" perPage={PAGE_SIZE} sort={{ field: 'createdAt', order: 'DESC' }} queryOptions={{ onError: () => undefined }}>
        <ResponsiveListFilters form={<TransactionFilterForm />} chips={<FilterChips />} />
        <Rows />
        <LoadMoreButton label={translate('transactions.list.loadMore')} />
      </InfiniteListBase>
    </>
  );
}
