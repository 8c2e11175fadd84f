import { Button } from '@mui/material';
import { CanAccess, useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { cardTransactionFields } from '../../../domain/schemas/transaction';
import { SchemaList } from '../../components/schema';
import { LedgerCompactRows, MOVE_CELLS, TransactionResultField, TransactionTypeField } from '../../components/giftcards/TransactionFields';

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

/**
 * The card's ledger, newest first: resource 'privative/giftcard-transactions' with the card in
 * the filter (the dataProvider reads it from the card's own transactions endpoint, open to the
 * gift-card permission alone). The link to the transactions screen, where the actions are,
 * shows only to users who may open it.
 */
export function GiftCardTransactions({ cardId }: { cardId: string }) {
  const translate = useTranslate();
  return (
    <SchemaList
      fields={cardTransactionFields}
      within={{ cardId }}
      title="giftcards.detail.transactions"
      titleActions={
        <CanAccess resource="privative/transactions" action="list">
          <AllTransactionsLink cardId={cardId} />
        </CanAccess>
      }
      perPage={10}
      empty="giftcards.detail.noTransactions"
      render={MOVE_CELLS}
      compact={
        // on a phone: type, result and the amount in view; then date, balance after and store
        <LedgerCompactRows
          fields={cardTransactionFields}
          label="giftcards.detail.transactions"
          line={
            <>
              <TransactionTypeField />
              <TransactionResultField />
            </>
          }
          secondary={(row, text) => [text('createdAt'), `${translate('transactions.fields.balanceAfter')} ${text('balanceAfterCents')}`, row.storeName]}
        />
      }
    />
  );
}
