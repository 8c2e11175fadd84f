import { AMOUNT_MESSAGES, readAmount } from '../../../../domain/money';
import { reloadAmountSchema } from '../../../../domain/reloadables';

/** A reload amount typed the way the user's language writes it → cents, or the i18n key of why not (the one reader, then the reload rule). */
export function readReloadAmount(text: string, language: string): { cents: number } | { error: string } {
  if (!text.trim()) return { error: 'validation.required' };
  const reading = readAmount(text, language);
  if (reading.problem) return { error: AMOUNT_MESSAGES[reading.problem] };
  const rule = reloadAmountSchema.safeParse(reading.cents);
  return rule.success ? { cents: rule.data } : { error: rule.error.issues[0].message };
}
