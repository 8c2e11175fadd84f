import { Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { z } from 'zod';
import { RELOAD_AMOUNT_EXAMPLES, RELOAD_LIMITS, walletNoteSchema, type Wallet } from '../../../../domain/reloadables';
import { ActionDialog } from '../../../components/ActionDialog';
import { AmountField } from '../../../components/AmountField';
import { euroAmountSchema } from '../../../components/euroAmountSchema';
import { FormTextField } from '../../../components/FormTextField';
import { createIdempotencyKeys } from '../../../components/idempotencyKey';
import { useFormatCents } from '../../../components/MoneyField';
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
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [keyFor] = useState(createIdempotencyKeys);
  const fund = ({ amount, note }: { amount: number; note: string }) => {
    const body = { amountCents: amount, ...(note ? { note } : {}) };
    return dataProvider.fundWallet(body, keyFor(body));
  };
  return (
    <ActionDialog id="fund-wallet" title={translate('reloadables.fund.title', { company: wallet.companyName })} schema={fundFormSchema} defaultValues={EMPTY} run={fund} done="reloadables.fund.done" failure="messages.unableToPerformAction" onDone={onDone} onClose={onClose} submitLabel={translate('reloadables.fund.submit')}>
      <Typography variant="body2" color="text.secondary">
        {translate('reloadables.fund.explain', { balance: formatCents(wallet.balanceCents) })}
      </Typography>
      <AmountField label={translate('reloadables.fund.amount')} help="reloadables.fund.amountHelp" maxCents={RELOAD_LIMITS.maxWalletMoveCents} exampleCents={RELOAD_AMOUNT_EXAMPLES.fundCents} />
      <FormTextField name="note" label={translate('reloadables.fund.note')} rule={walletNoteSchema} />
    </ActionDialog>
  );
}
