import { z } from 'zod';
import { amountCentsSchema, GV, parseAmountInput } from '../../../domain/giftcards';

/**
 * An amount typed in euros the way the user's language writes it ("1.000,50" or "1000,50" in
 * Italian, "1,000.50" or "1000.50" in English) → integer cents, then the API's own rule (> 0,
 * ≤ max). A text it cannot read says the rule, with an example in that language.
 */
export function localAmountSchema(maxCents: number, language: string) {
  return z
    .string()
    .trim()
    .min(1, GV.required)
    .transform((text, ctx) => {
      const cents = parseAmountInput(text, language);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'giftcards.amountFormat' });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(amountCentsSchema(maxCents));
}
