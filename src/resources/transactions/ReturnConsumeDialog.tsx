import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import type { ReturnBody, Transaction } from '../../../domain/giftcards';
import { actionErrorText } from '../../components/actionErrorText';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { TesseraDataProvider } from '../../dataProvider/dataProvider';
import { consumeLeftCents } from './transactionActionRules';
import { returnFormSchema, type ReturnForm } from './returnFormSchema';

/** Returns part (or all) of a consume to the card: amount, return number and store code. */
export function ReturnConsumeDialog({ transaction, onClose, onDone }: { transaction: Transaction; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { maxTransactionCents } = getRuntimeConfig();
  const leftCents = consumeLeftCents(transaction);
  const [keyFor] = useState(createIdempotencyKeys);
  const schema = useMemo(() => returnFormSchema(maxTransactionCents, leftCents), [maxTransactionCents, leftCents]);
  // the store code starts as the consume's store: a return usually happens where the purchase did
  const form = useForm<ReturnForm, unknown, ReturnBody>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { amount: '', returnNumber: '', storeCode: transaction.storeCode ?? '' },
  });

  const submit = async (body: ReturnBody) => {
    try {
      await dataProvider.returnConsume(transaction.id, body, keyFor({ id: transaction.id, ...body }));
      notify('transactions.return.done', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      const text = actionErrorText(error, 'messages.operationFailed');
      if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    }
  };

  return (
    <FormDialog id="return-dialog" title={translate('transactions.return.title')} form={form} onSubmit={submit} onClose={onClose} submitLabel={translate('transactions.return.submit')}>
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
      <FormTextField name="returnNumber" label={translate('transactions.return.returnNumber')} required />
      <FormTextField name="storeCode" label={translate('transactions.return.storeCode')} required />
    </FormDialog>
  );
}
