import { errorTextParams, HttpError, isCancelledError } from '../dataProvider/httpError';
import { hasTranslation, translate } from '../i18n/i18n';

/** The first field message (an i18n key) of a 400 problem, e.g. `validation.bulkTooLarge`. */
function firstFieldMessage(error: HttpError): string | null {
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const key = Object.values(errors).find((value): value is string => typeof value === 'string' && hasTranslation(value));
  return key ? translate(key) : null;
}

/**
 * The text for a failed action call: the catalogue text of the server's error code when there
 * is one (e.g. "The card is locked"), or the field message of a refused body (a dialog's fields
 * are already checked, so what remains is e.g. a filter set too large), otherwise the action's
 * SPEC §8 message (`fallbackKey`, e.g. 'Unable to recharge, please try again.'), also for a
 * server fault, whose generic text says less. Null for a cancelled call, which stays silent.
 */
export function actionErrorText(error: unknown, fallbackKey: string): string | null {
  if (isCancelledError(error)) return null;
  if (error instanceof HttpError && error.code === 'VALIDATION_ERROR') return firstFieldMessage(error) ?? translate(fallbackKey);
  if (error instanceof HttpError && error.code && error.code !== 'INTERNAL_ERROR' && hasTranslation(`errors.codes.${error.code}`)) {
    return translate(`errors.codes.${error.code}`, errorTextParams(error.body));
  }
  return translate(fallbackKey);
}
