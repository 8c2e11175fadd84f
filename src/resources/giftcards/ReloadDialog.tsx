import { useMemo, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { z } from 'zod';
import type { GiftCard } from '../../../domain/giftcards';
import { ActionDialog } from '../../components/ActionDialog';
import { AmountField } from '../../components/AmountField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
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
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [locale] = useLocaleState();
  const { maxTransactionCents } = getRuntimeConfig();
  const [keyFor] = useState(createIdempotencyKeys);
  const schema = useMemo(() => reloadFormSchema(maxTransactionCents, locale), [maxTransactionCents, locale]);
  return (
    <ActionDialog
      id="reload-dialog"
      title={translate('giftcards.reload.title', { code: card.code })}
      schema={schema}
      defaultValues={EMPTY}
      run={({ amount }) => dataProvider.reloadGiftCard(card.id, amount, keyFor({ cardId: card.id, amountCents: amount }))}
      done="success.rechargeDone"
      failure="messages.unableToRecharge"
      onDone={onDone}
      onClose={onClose}
      submitLabel={translate('giftcards.reload.submit')}
    >
      <AmountField label={translate('giftcards.reload.amount')} help="giftcards.reload.amountHelp" maxCents={maxTransactionCents} />
    </ActionDialog>
  );
}
