import { useTranslate } from 'react-admin';
import { RELOAD_DISPLAY_TONES, reloadDisplayState, type ReloadSource, type ReloadState } from '../../../../domain/reloadables';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../i18n/dates';
import { hasTranslation } from '../../../i18n/i18n';

/**
 * A run's or a row's state (SPEC §4) with SPEC's tones: completed transparent, in progress
 * yellow, deleted red; a plan whose time has not come reads "planned for {date}" on a neutral
 * badge (domain `reloadDisplayState`), not "in progress", which would say it is running now.
 */
export function ReloadStateBadge({ item }: { item: { state: ReloadState; scheduledAt: string | null; startedAt?: string | null } }) {
  const translate = useTranslate();
  const shown = reloadDisplayState(item, Date.now());
  const label = shown === 'PLANNED' ? translate('reloads.plannedFor', { date: formatDateTime(item.scheduledAt) }) : translate(`reloads.states.${shown}`);
  return <StatusBadge status={shown} tone={RELOAD_DISPLAY_TONES[shown]} label={label} />;
}

export function useSourceText() {
  const translate = useTranslate();
  return (source: ReloadSource) => translate(`reloads.sources.${source}`);
}

/**
 * The text of a row's reason or refusal: the API gives a message key (`validation.amount`,
 * `errors.codes.RELOAD_CARD_LOCKED`) or a bare code (`RELOAD_CARD_LOCKED`); anything the
 * catalogue does not know reads as the generic "invalid value", never as raw server text.
 */
export function useReasonText() {
  const translate = useTranslate();
  return (code: string | null | undefined): string => {
    if (!code) return '';
    if (hasTranslation(code)) return translate(code);
    if (hasTranslation(`errors.codes.${code}`)) return translate(`errors.codes.${code}`);
    return translate('validation.invalid');
  };
}
