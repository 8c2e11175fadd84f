import { useRecordContext, useTranslate } from 'react-admin';
import type { CardStatus, GiftCard } from '../../../domain/giftcards';
import { CARD_STATUS_TONES } from '../../../domain/schemas/giftcard';
import { StatusBadge } from '../../components/StatusBadge';

/** SPEC §4's badge of a card's status (the tones are the list declaration's: domain/schemas/giftcard.ts). */
export function GiftCardStatusBadge({ status }: { status?: CardStatus }) {
  const translate = useTranslate();
  const record = useRecordContext<GiftCard>();
  const value = status ?? record?.status;
  if (!value) return null;
  return <StatusBadge tone={CARD_STATUS_TONES[value]} label={translate(`giftcards.status.${value}`)} />;
}
