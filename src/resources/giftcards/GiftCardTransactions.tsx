import { Box, Button, Card, Typography } from '@mui/material';
import { DataTable, InfiniteListBase, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../../domain/giftcards';
import { DateTimeField } from '../../components/DateTimeField';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { MoneyField } from '../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../components/scrollableTable';
import { TransactionAmountField, TransactionResultField, TransactionTypeField } from '../transactions/TransactionFields';
import { transactionListPathForCard } from '../transactions/transactionPaths';

function NoTransactions() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('giftcards.detail.noTransactions')}
    </Typography>
  );
}

/**
 * The card's ledger, newest first, from the card's own transactions endpoint (readable with
 * the gift-card permission alone). `canOpenTransactions`: the link to the transactions screen,
 * where the actions are, shows only to users who may open it.
 */
export function GiftCardTransactions({ cardId, canOpenTransactions }: { cardId: string; canOpenTransactions: boolean }) {
  const translate = useTranslate();
  const label = (key: string) => translate(`transactions.fields.${key}`);
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="card-transactions-title">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="card-transactions-title" sx={{ flexGrow: 1 }}>
          {translate('giftcards.detail.transactions')}
        </Typography>
        {canOpenTransactions && (
          <Button component={Link} to={transactionListPathForCard(cardId)}>
            {translate('giftcards.detail.allTransactions')}
          </Button>
        )}
      </Box>
      <InfiniteListBase<Transaction>
        resource="giftcardTransactions"
        filter={{ cardId }}
        perPage={10}
        sort={{ field: 'createdAt', order: 'DESC' }}
        disableSyncWithLocation
        storeKey={false}
        disableAuthentication
      >
        <Card variant="outlined">
          <DataTable<Transaction> bulkActionButtons={false} rowClick={false} empty={<NoTransactions />} sx={SCROLLABLE_TABLE_SX}>
            <DataTable.Col source="createdAt" label={label('createdAt')} disableSort render={() => <DateTimeField source="createdAt" />} />
            <DataTable.Col source="type" label={label('type')} disableSort field={TransactionTypeField} />
            <DataTable.Col source="result" label={label('result')} disableSort field={TransactionResultField} />
            <DataTable.Col source="amountCents" label={label('amount')} disableSort align="right" field={TransactionAmountField} />
            <DataTable.Col source="balanceAfterCents" label={label('balanceAfter')} disableSort align="right" render={() => <MoneyField source="balanceAfterCents" />} />
            <DataTable.Col source="storeName" label={label('store')} disableSort />
            <DataTable.Col source="returnNumber" label={label('returnNumber')} disableSort />
            <DataTable.Col source="userName" label={label('user')} disableSort />
          </DataTable>
        </Card>
        <LoadMoreButton label={translate('transactions.list.loadMore')} />
      </InfiniteListBase>
    </Box>
  );
}
