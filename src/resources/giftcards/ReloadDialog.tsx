import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { GiftCard } from '../../../domain/giftcards';
import { actionErrorText } from '../../components/actionErrorText';
import { euroAmountSchema } from '../../components/euroAmountSchema';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { TesseraDataProvider } from '../../dataProvider/dataProvider';

export const reloadFormSchema = (maxCents: number) => z.object({ amount: euroAmountSchema(maxCents) });
type ReloadForm = { amount: string };

/**
 * Reloads one card (SPEC §2): amount in euros, > 0, at most the maximum import, 2 decimals.
 * Each submitted amount carries one Idempotency-Key, so a retry after a lost answer moves
 * money once; the dialog stays open on failure so the retry reuses it.
 */
export function ReloadDialog({ card, onClose, onDone }: { card: GiftCard; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { maxTransactionCents } = getRuntimeConfig();
  const [keyFor] = useState(createIdempotencyKeys);
  const schema = useMemo(() => reloadFormSchema(maxTransactionCents), [maxTransactionCents]);
  const form = useForm<ReloadForm, unknown, { amount: number }>({ resolver: zodResolver(schema), mode: 'all', defaultValues: { amount: '' } });

  const submit = async ({ amount }: { amount: number }) => {
    try {
      await dataProvider.reloadGiftCard(card.id, amount, keyFor({ cardId: card.id, amountCents: amount }));
      notify('success.rechargeDone', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      const text = actionErrorText(error, 'messages.unableToRecharge');
      if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    }
  };

  return (
    <FormDialog id="reload-dialog" title={translate('giftcards.reload.title', { code: card.code })} form={form} onSubmit={submit} onClose={onClose} submitLabel={translate('giftcards.reload.submit')}>
      <FormTextField
        name="amount"
        label={translate('giftcards.reload.amount')}
        helperText={translate('giftcards.reload.amountHelp', { max: formatCents(maxTransactionCents) })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
        autoFocus
      />
    </FormDialog>
  );
}
