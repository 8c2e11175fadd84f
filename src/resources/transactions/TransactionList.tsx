import { Card, Link as MuiLink, Typography } from '@mui/material';
import { DataTable, InfiniteListBase, useCanAccess, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../../domain/giftcards';
import { DateTimeField } from '../../components/DateTimeField';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { MoneyField } from '../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../components/scrollableTable';
import { PageHeading } from '../../pages/PageHeading';
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

/** The card's code, linking to the card's page for users who may open it. */
function CardCodeLink() {
  const record = useRecordContext<Transaction>();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'privative/giftcards', action: 'show' });
  if (!record) return null;
  if (!canAccess) {
    return (
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
        {record.cardCode}
      </Typography>
    );
  }
  return (
    <MuiLink component={Link} to={createPath({ resource: 'privative/giftcards', type: 'edit', id: record.cardId })} sx={{ fontFamily: 'monospace' }}>
      {record.cardCode}
    </MuiLink>
  );
}

/** /privative/transactions/list: the ledger of the company's cards, with row actions (SPEC §2). */
export default function TransactionList() {
  const translate = useTranslate();
  const label = (key: string) => translate(`transactions.fields.${key}`);
  return (
    <>
      <PageHeading title={translate('screens.transactionList')} />
      <InfiniteListBase<Transaction> resource="privative/transactions" perPage={PAGE_SIZE} sort={{ field: 'createdAt', order: 'DESC' }}>
        <TransactionFilterForm />
        <Card variant="outlined">
          <DataTable<Transaction> bulkActionButtons={false} rowClick={false} empty={<NoTransactions />} sx={SCROLLABLE_TABLE_SX}>
            <DataTable.Col source="createdAt" label={label('createdAt')} render={() => <DateTimeField source="createdAt" />} />
            <DataTable.Col source="cardCode" label={label('card')} disableSort field={CardCodeLink} />
            <DataTable.Col source="type" label={label('type')} disableSort field={TransactionTypeField} />
            <DataTable.Col source="result" label={label('result')} disableSort field={TransactionResultField} />
            <DataTable.Col source="amountCents" label={label('amount')} disableSort align="right" field={TransactionAmountField} />
            <DataTable.Col source="balanceAfterCents" label={label('balanceAfter')} disableSort align="right" render={() => <MoneyField source="balanceAfterCents" />} />
            <DataTable.Col source="storeName" label={label('store')} disableSort cellSx={() => ({ minWidth: 120 })} />
            <DataTable.Col source="returnNumber" label={label('returnNumber')} disableSort cellSx={() => ({ whiteSpace: 'nowrap' })} />
            <DataTable.Col source="typologyName" label={label('typology')} disableSort cellSx={() => ({ minWidth: 140 })} />
            <DataTable.Col label={label('actions')} disableSort field={TransactionRowActions} />
          </DataTable>
        </Card>
        <LoadMoreButton label={translate('transactions.list.loadMore')} />
      </InfiniteListBase>
    </>
  );
}
