import { HttpError, isCancelledError } from '../dataProvider/httpError';
import { hasTranslation, translate } from '../i18n/i18n';

/**
 * The text for a failed action call: the catalogue text of the server's error code when there
 * is one (e.g. "The card is locked"), otherwise the action's SPEC §8 message (`fallbackKey`,
 * e.g. 'Unable to recharge, please try again.'), also for a server fault, whose generic text
 * says less. Null for a cancelled call, which stays silent.
 */
export function actionErrorText(error: unknown, fallbackKey: string): string | null {
  if (isCancelledError(error)) return null;
  if (error instanceof HttpError && error.code && error.code !== 'INTERNAL_ERROR' && hasTranslation(`errors.codes.${error.code}`)) {
    return translate(`errors.codes.${error.code}`);
  }
  return translate(fallbackKey);
}
