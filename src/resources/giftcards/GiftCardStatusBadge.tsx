import { useRecordContext, useTranslate } from 'react-admin';
import type { CardStatus, GiftCard } from '../../../domain/giftcards';
import { StatusBadge, type BadgeTone } from '../../components/StatusBadge';

/** SPEC §4: green active/sold, yellow disabled, red locked, grey expired gift card, transparent not active. */
export const CARD_STATUS_TONES: Record<CardStatus, BadgeTone> = {
  ACTIVE: 'green',
  SOLD: 'green',
  DISABLED: 'yellow',
  LOCKED: 'red',
  EXPIRED: 'grey',
  NOT_ACTIVE: 'transparent',
};

export function GiftCardStatusBadge({ status }: { status?: CardStatus }) {
  const translate = useTranslate();
  const record = useRecordContext<GiftCard>();
  const value = status ?? record?.status;
  if (!value) return null;
  return <StatusBadge tone={CARD_STATUS_TONES[value]} label={translate(`giftcards.status.${value}`)} />;
}
