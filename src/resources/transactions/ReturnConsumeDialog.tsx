import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { returnSchema, type ReturnBody, type Transaction } from '../../../domain/giftcards';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { consumeLeftCents } from '../../../domain/giftcardRules';
import { returnFormSchema } from './returnFormSchema';

/** Returns part (or all) of a consume to the card: amount, return number and store code. */
export function ReturnConsumeDialog({ transaction, onClose, onDone }: { transaction: Transaction; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [locale] = useLocaleState();
  const { maxTransactionCents } = getRuntimeConfig();
  const leftCents = consumeLeftCents(transaction);
  const [keyFor] = useState(createIdempotencyKeys);
  const resolver = useMemo(() => zodResolver(returnFormSchema(maxTransactionCents, leftCents, locale)), [maxTransactionCents, leftCents, locale]);
  // the store code starts as the consume's store: a return usually happens where the purchase did
  const defaultValues = useMemo(() => ({ amount: '', returnNumber: '', storeCode: transaction.storeCode ?? '' }), [transaction.storeCode]);

  const submit = useFormSubmit(
    useCallback(
      async (body: ReturnBody) => {
        await dataProvider.returnConsume(transaction.id, body, keyFor({ id: transaction.id, ...body }));
        notify('transactions.return.done', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, transaction.id, keyFor, notify, onDone, onClose],
    ),
    'messages.operationFailed',
  );

  return (
    <FormDialog
      id="return-dialog"
      title={translate('transactions.return.title')}
      resolver={resolver}
      defaultValues={defaultValues}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={translate('transactions.return.submit')}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('transactions.return.consumed', {
          amount: formatCents(Math.abs(transaction.amountCents)),
          code: transaction.cardCode,
          returned: formatCents(transaction.returnedCents),
        })}
      </Typography>
      <FormTextField
        name="amount"
        label={translate('transactions.return.amount')}
        helperText={translate('transactions.return.amountHelp', { max: formatCents(Math.min(leftCents, maxTransactionCents)) })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
        autoFocus
      />
      <FormTextField name="returnNumber" rule={returnSchema.shape.returnNumber} label={translate('transactions.return.returnNumber')} required />
      <FormTextField name="storeCode" rule={returnSchema.shape.storeCode} label={translate('transactions.return.storeCode')} required />
    </FormDialog>
  );
}
