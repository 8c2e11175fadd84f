import { useRecordContext, useTranslate } from 'react-admin';
import { RELOADABLE_CARD_TONES, type ReloadableCard, type ReloadableCardStatus } from '../../../../domain/reloadables';
import { StatusBadge } from '../../../components/StatusBadge';

/** The text key of a card status: SPEC §4 spells "NOT ACTIVE" with a space, i18n keys do not. */
export const cardStatusKey = (status: ReloadableCardStatus) => `reloadables.cardStatus.${status.replace(' ', '_')}`;

/** SPEC §4 tones: green active; red locked, freezed, deleted; transparent not active. */
export function ReloadableCardStatusBadge({ status }: { status?: ReloadableCardStatus }) {
  const translate = useTranslate();
  const record = useRecordContext<ReloadableCard>();
  const value = status ?? record?.status;
  if (!value) return null;
  return <StatusBadge tone={RELOADABLE_CARD_TONES[value]} status={value} label={translate(cardStatusKey(value))} />;
}
