import { useTranslate } from 'react-admin';
import { RELOAD_STATE_TONES, type ReloadSource, type ReloadState } from '../../../../domain/reloadables';
import { StatusBadge } from '../../../components/StatusBadge';
import { hasTranslation } from '../../../i18n/i18n';

/** SPEC §4 reload states with SPEC's tones: completed transparent, in progress yellow, deleted red. */
export function ReloadStateBadge({ state }: { state: ReloadState }) {
  const translate = useTranslate();
  return <StatusBadge status={state} tone={RELOAD_STATE_TONES[state]} label={translate(`reloads.states.${state}`)} />;
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
