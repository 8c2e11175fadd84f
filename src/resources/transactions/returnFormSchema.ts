import { z } from 'zod';
import { makeReturnSchema } from '../../../domain/giftcards';
import { euroAmountSchema } from '../../components/euroAmountSchema';

/**
 * Return of a consume (SPEC §5): amount > 0, at most the maximum import and at most what is left
 * of the consume; return number and store code required (the API's own field rules).
 */
export function returnFormSchema(maxCents: number, leftCents: number, language = 'it') {
  const body = makeReturnSchema(maxCents).shape;
  return z
    .object({
      amount: euroAmountSchema(maxCents, language).refine((cents) => cents <= leftCents, 'transactions.return.exceedsConsume'),
      returnNumber: body.returnNumber,
      storeCode: body.storeCode,
    })
    .transform(({ amount, returnNumber, storeCode }) => ({ amountCents: amount, returnNumber, storeCode }));
}
