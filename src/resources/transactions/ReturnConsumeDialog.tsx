import { Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { returnSchema, type Transaction } from '../../../domain/giftcards';
import { maxLengthOf } from '../../../domain/messages';
import { ActionDialog } from '../../components/ActionDialog';
import { AmountField } from '../../components/AmountField';
import { FormTextField } from '../../components/FormTextField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { consumeLeftCents } from '../../../domain/giftcardRules';
import { returnFormSchema } from './returnFormSchema';

/** The texts' limits, read off the return's rule (stated in their hints before any refusal). */
const RETURN_NUMBER_MAX = maxLengthOf(returnSchema.shape.returnNumber);
const STORE_CODE_MAX = maxLengthOf(returnSchema.shape.storeCode);

/** Returns part (or all) of a consume to the card: amount, return number and store code. */
export function ReturnConsumeDialog({ transaction, onClose, onDone }: { transaction: Transaction; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [locale] = useLocaleState();
  const { maxTransactionCents } = getRuntimeConfig();
  const leftCents = consumeLeftCents(transaction);
  const [keyFor] = useState(createIdempotencyKeys);
  const schema = useMemo(() => returnFormSchema(maxTransactionCents, leftCents, locale), [maxTransactionCents, leftCents, locale]);
  // the store code starts as the consume's store: a return usually happens where the purchase did
  const defaultValues = useMemo(() => ({ amount: '', returnNumber: '', storeCode: transaction.storeCode ?? '' }), [transaction.storeCode]);
  return (
    <ActionDialog
      id="return-dialog"
      title={translate('transactions.return.title')}
      schema={schema}
      defaultValues={defaultValues}
      run={(body) => dataProvider.returnConsume(transaction.id, body, keyFor({ id: transaction.id, ...body }))}
      done="transactions.return.done"
      failure="messages.operationFailed"
      onDone={onDone}
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
      <AmountField label={translate('transactions.return.amount')} help="transactions.return.amountHelp" maxCents={Math.min(leftCents, maxTransactionCents)} />
      <FormTextField name="returnNumber" rule={returnSchema.shape.returnNumber} label={translate('transactions.return.returnNumber')} helperText={translate('transactions.return.textHelp', { max: RETURN_NUMBER_MAX, smart_count: RETURN_NUMBER_MAX })} required />
      <FormTextField name="storeCode" rule={returnSchema.shape.storeCode} label={translate('transactions.return.storeCode')} helperText={translate('transactions.return.textHelp', { max: STORE_CODE_MAX, smart_count: STORE_CODE_MAX })} required />
    </ActionDialog>
  );
}
