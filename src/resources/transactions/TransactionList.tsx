import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { DataTable, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import type { Transaction } from '../../../domain/giftcards';
import { transactionFields } from '../../../domain/schemas/transaction';
import { DateTimeField } from '../../components/DateTimeField';
import { formatDate } from '../../i18n/dates';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';
import { GiftCardCodeLink } from '../giftcards/GiftCardCodeLink';
import { ResponsiveListFilters } from '../../components/ResponsiveListFilters';
import { TransactionAmountField, TransactionResultField, TransactionTypeField } from './TransactionFields';
import { TransactionFilterForm } from './TransactionFilterForm';
import { TransactionRowActions } from './TransactionRowActions';

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

/** How the ledger's cells show what the declaration alone cannot: the card's link, words, badges, the signed effect. */
const RENDER = {
  cardCode: () => <GiftCardCodeLink />,
  type: () => <TransactionTypeField />,
  result: () => <TransactionResultField />,
  amountCents: () => <TransactionAmountField />,
};

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
      <SchemaList
        fields={transactionFields}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={<ResponsiveListFilters form={<TransactionFilterForm />} chips={<FilterChips />} />}
        empty="transactions.list.empty"
        loadMore="transactions.list.loadMore"
        rowClick={false}
        link={false}
        render={RENDER}
        leadingColumns={<DataTable.Col label={translate('transactions.fields.actions')} disableSort field={TransactionRowActions} cellSx={() => ({ width: 48, px: 0.5 })} />}
        compact={<CompactTransactions />}
        disableSyncWithLocation={false}
      />
    </>
  );
}
