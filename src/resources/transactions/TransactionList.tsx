import { Card, Link as MuiLink, Typography } from '@mui/material';
import { DataTable, InfiniteListBase, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../../domain/giftcards';
import { DateTimeField } from '../../components/DateTimeField';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { MoneyField } from '../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../components/scrollableTable';
import { PageHeading } from '../../pages/PageHeading';
import { giftCardPath } from '../giftcards/giftCardPaths';
import { TransactionAmountField, TransactionResultField, TransactionTypeField } from './TransactionFields';
import { TransactionFilterForm } from './TransactionFilterForm';
import { TransactionRowActions } from './TransactionRowActions';
import { TRANSACTIONS_PAGE_SIZE, TRANSACTIONS_RESOURCE } from './transactionPaths';

function NoTransactions() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('transactions.list.empty')}
    </Typography>
  );
}

function CardCodeLink() {
  const record = useRecordContext<Transaction>();
  if (!record) return null;
  return (
    <MuiLink component={Link} to={giftCardPath(record.cardId)} sx={{ fontFamily: 'monospace' }}>
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
      {/* the route guard already checked the permission: no second access check per list */}
      <InfiniteListBase<Transaction> resource={TRANSACTIONS_RESOURCE} perPage={TRANSACTIONS_PAGE_SIZE} sort={{ field: 'createdAt', order: 'DESC' }} disableAuthentication>
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
