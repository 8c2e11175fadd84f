import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { RELOAD_LIMITS, walletNoteSchema, type Wallet } from '../../../../domain/reloadables';
import { euroAmountSchema } from '../../../components/euroAmountSchema';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { createIdempotencyKeys } from '../../../components/idempotencyKey';
import { useFormatCents } from '../../../components/MoneyField';
import { useFormSubmit } from '../../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../../dataProvider/types';

const fundFormSchema = z.object({ amount: euroAmountSchema(RELOAD_LIMITS.maxWalletMoveCents), note: walletNoteSchema });
const EMPTY = { amount: '', note: '' };

/**
 * Provider staff put money into the wallet (POST wallet/fund): amount in euros, an optional note.
 * The dialog holds one Idempotency-Key per amount and note, so a retry after a lost answer funds
 * once; it stays open on failure so the retry reuses it.
 */
export function FundWalletDialog({ wallet, onClose, onDone }: { wallet: Wallet; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [keyFor] = useState(createIdempotencyKeys);
  const resolver = useMemo(() => zodResolver(fundFormSchema), []);
  const submit = useFormSubmit(
    useCallback(
      async ({ amount, note }: { amount: number; note: string }) => {
        const body = { amountCents: amount, ...(note ? { note } : {}) };
        await dataProvider.fundWallet(body, keyFor(body));
        notify('reloadables.fund.done', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, keyFor, notify, onDone, onClose],
    ),
    'messages.unableToPerformAction',
  );
  return (
    <FormDialog id="fund-wallet" title={translate('reloadables.fund.title', { company: wallet.companyName })} resolver={resolver} defaultValues={EMPTY} onSubmit={submit} onClose={onClose} submitLabel={translate('reloadables.fund.submit')}>
      <Typography variant="body2" color="text.secondary">
        {translate('reloadables.fund.explain', { balance: formatCents(wallet.balanceCents) })}
      </Typography>
      <FormTextField
        name="amount"
        label={translate('reloadables.fund.amount')}
        helperText={translate('reloadables.fund.amountHelp', { max: formatCents(RELOAD_LIMITS.maxWalletMoveCents) })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
        autoFocus
      />
      <FormTextField name="note" label={translate('reloadables.fund.note')} rule={walletNoteSchema} />
    </FormDialog>
  );
}
