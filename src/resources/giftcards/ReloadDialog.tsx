import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import type { GiftCard } from '../../../domain/giftcards';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import { useFormSubmit } from '../../components/useFormSubmit';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { euroAmountSchema } from '../../components/euroAmountSchema';

export const reloadFormSchema = (maxCents: number, language: string) => z.object({ amount: euroAmountSchema(maxCents, language) });
const EMPTY = { amount: '' };

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
  const [locale] = useLocaleState();
  const { maxTransactionCents } = getRuntimeConfig();
  const [keyFor] = useState(createIdempotencyKeys);
  const resolver = useMemo(() => zodResolver(reloadFormSchema(maxTransactionCents, locale)), [maxTransactionCents, locale]);

  const submit = useFormSubmit(
    useCallback(
      async ({ amount }: { amount: number }) => {
        await dataProvider.reloadGiftCard(card.id, amount, keyFor({ cardId: card.id, amountCents: amount }));
        notify('success.rechargeDone', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, card.id, keyFor, notify, onDone, onClose],
    ),
    'messages.unableToRecharge',
  );

  return (
    <FormDialog
      id="reload-dialog"
      title={translate('giftcards.reload.title', { code: card.code })}
      resolver={resolver}
      defaultValues={EMPTY}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={translate('giftcards.reload.submit')}
    >
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
