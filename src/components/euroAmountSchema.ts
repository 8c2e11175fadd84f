import { z } from 'zod';
import { amountCentsSchema, GV } from '../../domain/giftcards';
import { parseEurosToCents } from '../../domain/money';

/**
 * An amount typed in euros ("12", "12.5", "12,50") → integer cents, checked by the API's own
 * amount rule (> 0, ≤ max): at most 2 decimals, no signs.
 */
export function euroAmountSchema(maxCents: number) {
  return z
    .string()
    .trim()
    .min(1, GV.required)
    .transform((text, ctx) => {
      const cents = parseEurosToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: GV.amount });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(amountCentsSchema(maxCents));
}
