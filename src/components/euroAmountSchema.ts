import { z } from 'zod';
import { amountCentsSchema } from '../../domain/giftcards';
import { VALIDATION_MESSAGES } from '../../domain/messages';
import { AMOUNT_MESSAGES, readAmount } from '../../domain/money';
import { i18n } from '../i18n/i18n';

/**
 * Every amount input of the SPA: the text typed in euros, read by the one reader in the user's
 * language (domain/money.ts `readAmount`: "1.500,00", "1500,5", "1.500" in Italian; "1,500.00"
 * in English), then the amount's own rule (`range`, by default the API's: > 0, ≤ `maxCents`).
 * A text it cannot read says why: not an amount, more than 2 decimals, negative.
 *
 * `language`: the language to read in; by default the one shown when the form is checked.
 */
export function euroAmountSchema(maxCents: number, language?: string, range: z.ZodType<number, number> = amountCentsSchema(maxCents)) {
  return z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .transform((text, ctx) => {
      const reading = readAmount(text, language ?? i18n.language);
      if (reading.problem) {
        ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES[reading.problem] });
        return z.NEVER;
      }
      return reading.cents;
    })
    .pipe(range);
}
