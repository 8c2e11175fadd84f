import { parseAmountInput } from '../../../../domain/giftcards';
import { amountMaxMessage } from '../../../../domain/messages';
import { RELOAD_LIMITS } from '../../../../domain/reloadables';

/** A reload amount typed the way the user's language writes it → cents, or the i18n key of why not. */
export function readReloadAmount(text: string, language: string): { cents: number } | { error: string } {
  if (!text.trim()) return { error: 'validation.required' };
  const cents = parseAmountInput(text, language);
  if (cents === null || cents <= 0) return { error: 'validation.amount' };
  if (cents > RELOAD_LIMITS.maxReloadCents) return { error: amountMaxMessage(RELOAD_LIMITS.maxReloadCents) };
  return { cents };
}
