import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { FieldSet } from '../../../domain/fields';
import type { Transaction } from '../../../domain/giftcards';
import { CompactRows, type RowText } from '../schema';
import { useFormatCents } from '../MoneyField';
import { StatusBadge } from '../StatusBadge';

/** The raw ledger type in words (SPEC §4 types, plus lock and expiry change). */
export function TransactionTypeField() {
  const translate = useTranslate();
  const record = useRecordContext<Transaction>();
  if (!record) return null;
  return <>{translate(`transactions.types.${record.type}`)}</>;
}

/**
 * SPEC §4 result colours (success green, error red; an error says why on hover), and a red
 * mark once a CANCEL reversed the row.
 */
export function TransactionResultField() {
  const translate = useTranslate();
  const record = useRecordContext<Transaction>();
  if (!record) return null;
  const reason = record.errorCode ? translate(`errors.codes.${record.errorCode}`, { _: record.errorCode }) : undefined;
  return (
    <Stack direction="row" spacing={0.5} title={reason}>
      <StatusBadge tone={record.result === 'SUCCESS' ? 'green' : 'red'} label={translate(`transactions.results.${record.result}`)} />
      {record.cancelledByTransactionId && <StatusBadge tone="red" label={translate('transactions.cancelled')} />}
    </Stack>
  );
}

/**
 * The row's effect: the signed balance change, or for a freeze or unfreeze (no balance change)
 * the amount frozen or unfrozen.
 */
export function TransactionAmountField() {
  const translate = useTranslate();
  const format = useFormatCents();
  const record = useRecordContext<Transaction>();
  if (!record) return null;
  if (record.amountCents === 0 && record.frozenDeltaCents !== 0) {
    return (
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {format(Math.abs(record.frozenDeltaCents))}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {translate(record.frozenDeltaCents > 0 ? 'transactions.held' : 'transactions.released')}
        </Typography>
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {record.amountCents > 0 ? `+${format(record.amountCents)}` : format(record.amountCents)}
    </Typography>
  );
}

/** How every ledger table shows a move's cells (the transactions screen, a card's ledger): the type in words, the result badge, the signed effect. */
export const MOVE_CELLS = {
  type: () => <TransactionTypeField />,
  result: () => <TransactionResultField />,
  amountCents: () => <TransactionAmountField />,
};

/** A ledger row on a phone (the ledger screen, a card's own ledger): `line` first, the signed amount at its end, then `secondary`. */
export function LedgerCompactRows({ fields, label, line, secondary }: { fields: FieldSet; label: string; line: ReactNode; secondary: (row: Transaction, text: RowText) => ReactNode | ReadonlyArray<string | null | undefined | false> }) {
  return <CompactRows<Transaction> fields={fields} label={label} line={() => line} end={() => <TransactionAmountField />} secondary={secondary} />;
}
