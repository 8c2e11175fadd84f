import { z } from 'zod';
import { type BulkAction, type BulkBody } from '../../../domain/giftcards';
import { VALIDATION_MESSAGES } from '../../../domain/messages';
import { expiryToday } from '../../../domain/orders';
import { isoDayOf } from '../../components/localDayBounds';
import { euroAmountSchema } from '../../components/euroAmountSchema';

/**
 * What the bulk dialog asks for: an amount for reload (and, optionally, the value of
 * variable-value cards for activate), a day (DD/MM/YYYY) for edit expiry, nothing otherwise.
 */
export interface BulkParamsForm {
  amount: string;
  expireDate: string;
  /** "I understand this changes N cards": required on a big or unfiltered set */
  acknowledged: boolean;
}

export const EMPTY_BULK_PARAMS: BulkParamsForm = { amount: '', expireDate: '', acknowledged: false };

/** The first day a new expiry date may be: the API's today, the UTC day (domain `expiryToday`: a card works until the end of its day, UTC). */
export const firstExpiryDay = () => expiryToday(new Date());

export function bulkActionNeedsParams(action: BulkAction): boolean {
  return action === 'reload' || action === 'editExpiry';
}

/** The form → the `params` of the bulk body, validated like the API validates them. */
export function bulkParamsSchema(action: BulkAction, maxCents: number, language = 'it', strong = false): z.ZodType<BulkBody['params'], BulkParamsForm> {
  const unused = z.string();
  const acknowledged = strong ? z.literal(true, { error: 'giftcards.bulk.acknowledgeRequired' }) : z.boolean();
  if (action === 'reload') {
    return z.object({ amount: euroAmountSchema(maxCents, language), expireDate: unused, acknowledged }).transform(({ amount }) => ({ amountCents: amount }));
  }
  if (action === 'activate') {
    // the value of cards whose typology has none (variable value); fixed-value cards ignore it
    const optionalAmount = z.union([z.literal('').transform(() => undefined), euroAmountSchema(maxCents, language)]);
    return z
      .object({ amount: optionalAmount, expireDate: unused, acknowledged })
      .transform(({ amount }) => (amount === undefined ? undefined : { amountCents: amount }));
  }
  if (action === 'editExpiry') {
    const day = z
      .string()
      .min(1, VALIDATION_MESSAGES.required)
      .transform(isoDayOf)
      .pipe(z.iso.date(VALIDATION_MESSAGES.invalid))
      .refine((value) => value >= firstExpiryDay(), 'giftcards.bulk.expiryInPast');
    return z.object({ amount: unused, expireDate: day, acknowledged }).transform(({ expireDate }) => ({ expireDate }));
  }
  return z.object({ amount: unused, expireDate: unused, acknowledged }).transform(() => undefined);
}
