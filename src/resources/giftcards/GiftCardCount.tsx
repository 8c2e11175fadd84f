import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { CardFilter } from '../../../domain/giftcards';
import { useGiftCardCount } from './useGiftCardCount';

/** "N cards" / "more than 10,000 cards" for the list's filter (a bounded count on the server). */
export function GiftCardCount() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { data } = useGiftCardCount(filterValues as CardFilter);
  return (
    <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ minHeight: 20 }} data-testid="giftcard-count">
      {data && (data.capped
        ? translate('giftcards.list.countCapped', { smart_count: data.count })
        : translate('giftcards.list.count', { smart_count: data.count }))}
    </Typography>
  );
}
