import { Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Transaction } from '../../../domain/giftcards';
import { StatusBadge } from '../../components/StatusBadge';

/** The raw ledger type in words (SPEC §4 types, plus lock and expiry change). */
export function TransactionTypeField() {
  const translate = useTranslate();
  const record = useRecordContext<Transaction>();
  if (!record) return null;
  return <>{translate(`transactions.types.${record.type}`)}</>;
}

/** SPEC §4 result colours (success green, error red), and a red mark once a CANCEL reversed the row. */
export function TransactionResultField() {
  const translate = useTranslate();
  const record = useRecordContext<Transaction>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <StatusBadge tone={record.result === 'SUCCESS' ? 'green' : 'red'} label={translate(`transactions.results.${record.result}`)} />
      {record.cancelledByTransactionId && <StatusBadge tone="red" label={translate('transactions.cancelled')} />}
    </Stack>
  );
}
