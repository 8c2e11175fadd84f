import { Box, Button, List, ListItem, Typography } from '@mui/material';
import { CanAccess, RecordContextProvider, useCreatePath, useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../../domain/giftcards';
import { cardTransactionFields } from '../../../domain/schemas/transaction';
import { DateTimeField } from '../../components/DateTimeField';
import { MoneyField } from '../../components/MoneyField';
import { SchemaList } from '../../components/schema';
import { TransactionAmountField, TransactionResultField, TransactionTypeField } from '../transactions/TransactionFields';

function NoTransactions() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('giftcards.detail.noTransactions')}
    </Typography>
  );
}

/**
 * The transactions screen filtered on the card. SPEC's list lives at `…/transactions/list`
 * (the resource's index only redirects there, without the query).
 */
function AllTransactionsLink({ cardId }: { cardId: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const to = `${createPath({ resource: 'privative/transactions', type: 'list' })}/list?filter=${encodeURIComponent(JSON.stringify({ cardId }))}`;
  return (
    <Button component={Link} to={to}>
      {translate('giftcards.detail.allTransactions')}
    </Button>
  );
}

/** The ledger on a phone: date, type, result and the amount in view, no sideways scrolling. */
function CompactLedger() {
  const translate = useTranslate();
  const { data } = useListContext<Transaction>();
  if (!data?.length) return <NoTransactions />;
  return (
    <List disablePadding aria-label={translate('giftcards.detail.transactions')}>
      {data.map((row) => (
        <RecordContextProvider key={row.id} value={row}>
          <ListItem divider sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TransactionTypeField />
            <TransactionResultField />
            <Box sx={{ ml: 'auto' }}>
              <TransactionAmountField />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ width: '100%', overflowWrap: 'anywhere' }}>
              <DateTimeField source="createdAt" /> · {translate('transactions.fields.balanceAfter')} <MoneyField source="balanceAfterCents" />
              {row.storeName ? ` · ${row.storeName}` : ''}
            </Typography>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

/** The signed effect and the badges, as on the transactions screen. */
const RENDER = {
  type: () => <TransactionTypeField />,
  result: () => <TransactionResultField />,
  amountCents: () => <TransactionAmountField />,
};

/**
 * The card's ledger, newest first: resource 'privative/giftcard-transactions' with the card in
 * the filter (the dataProvider reads it from the card's own transactions endpoint, open to the
 * gift-card permission alone). The link to the transactions screen, where the actions are,
 * shows only to users who may open it.
 */
export function GiftCardTransactions({ cardId }: { cardId: string }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="card-transactions-title">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="card-transactions-title" sx={{ flexGrow: 1 }}>
          {translate('giftcards.detail.transactions')}
        </Typography>
        <CanAccess resource="privative/transactions" action="list">
          <AllTransactionsLink cardId={cardId} />
        </CanAccess>
      </Box>
      <SchemaList
        fields={cardTransactionFields}
        filter={{ cardId }}
        perPage={10}
        sort={{ field: 'createdAt', order: 'DESC' }}
        storeKey={false}
        empty="giftcards.detail.noTransactions"
        loadMore="transactions.list.loadMore"
        rowClick={false}
        link={false}
        render={RENDER}
        compact={<CompactLedger />}
      />
    </Box>
  );
}
