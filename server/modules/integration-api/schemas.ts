import { z } from 'zod';
import { amountCentsSchema, cardCodeSearchSchema, CARD_STATUSES, LEDGER_TYPES, TRANSACTION_RESULTS } from '../../../domain/giftcards';
import { VALIDATION_MESSAGES } from '../../../domain/messages';
import { textField } from '../../../domain/text';

/**
 * Bodies and answers of the integration API's gift-card calls (domain/integration.ts lists them):
 * small records for tills, amounts in cents. A card's code is answered masked (its last four
 * characters): the till has the card in hand, and an answer logged by a shop reveals no code.
 */
const code = cardCodeSearchSchema.shape.code;
const storeCode = textField({ max: 80 }).optional();
const transactionId = z.uuid(VALIDATION_MESSAGES.invalid);

export const integrationBodies = (max: number) => ({
  balance: z.object({ code }).strict(),
  consume: z.object({ code, amountCents: amountCentsSchema(max), storeCode }).strict(),
  freeze: z.object({ code, amountCents: amountCentsSchema(max), storeCode }).strict(),
  unfreeze: z.object({ transactionId }).strict(),
  return: z.object({ transactionId, amountCents: amountCentsSchema(max), returnNumber: textField({ max: 40 }), storeCode }).strict(),
  cancel: z.object({ transactionId }).strict(),
  activateAndSell: z.object({ code, amountCents: amountCentsSchema(max).optional(), storeCode }).strict(),
});

export const integrationCardSchema = z.object({
  id: z.string(),
  /** the code's last four characters, the rest masked */
  maskedCode: z.string(),
  status: z.enum(CARD_STATUSES),
  typologyName: z.string(),
  balanceCents: z.number(),
  frozenCents: z.number(),
  availableBalanceCents: z.number(),
  expireDate: z.string().nullable(),
});
export type IntegrationCard = z.infer<typeof integrationCardSchema>;

export const integrationTransactionSchema = z.object({
  /** the id to return, cancel or unfreeze this move with */
  id: z.string(),
  type: z.enum(LEDGER_TYPES),
  result: z.enum(TRANSACTION_RESULTS),
  amountCents: z.number(),
  frozenDeltaCents: z.number(),
  balanceAfterCents: z.number(),
  storeCode: z.string().nullable(),
  returnNumber: z.string().nullable(),
  relatedTransactionId: z.string().nullable(),
  createdAt: z.string(),
});

export const integrationMoveSchema = z.object({ card: integrationCardSchema, transaction: integrationTransactionSchema });
export type IntegrationMove = z.infer<typeof integrationMoveSchema>;
