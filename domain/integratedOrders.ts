import { z } from 'zod';
import { LANGUAGES } from './constants';
import type { ChoiceTone, FieldChoice } from './fields';
import { refineDateRanges } from './giftcards';
import { maxItemsMessage, maxLengthMessage, VALIDATION_MESSAGES } from './messages';
import { textField } from './text';

/**
 * Integrated orders (issue 22; SPEC §3 "Integrated order", §4 integrated states): orders a web shop
 * posts through the integration API, one digital card per item, minted and e-mailed as a digital
 * B2B order's cards are. Idempotent on the shop's order number (per company).
 *
 *   POST /api/integration/v1/orders                          IntegratedOrderBody → 201 IntegratedOrderDetail
 *                                                            (the same number and body again: 200, the same order)
 *   GET  /api/integration/v1/orders/{orderNumber}            IntegratedOrderDetail
 *   GET  /api/company/{companyId}/giftcard/integrated-orders             IntegratedOrder[] (filter below; newest first; keyset)
 *   GET  /api/company/{companyId}/giftcard/integrated-orders/{id}        IntegratedOrderDetail
 *   GET  /api/company/{companyId}/giftcard/integrated-orders/export      CSV (filter, lang, tz), streamed
 */

/** SPEC §4, spelling kept. */
export const INTEGRATED_ORDER_STATES = [
  'cancelled',
  'closed',
  'complete',
  'delivered',
  'delivery_error',
  'delivery_partial',
  'holded',
  'pending_status',
  'pending_payment',
  'processing',
  'waiting_cron',
] as const;
export type IntegratedOrderState = (typeof INTEGRATED_ORDER_STATES)[number];
export const INTEGRATED_ORDER_STATE_TONES: Record<IntegratedOrderState, ChoiceTone> = {
  cancelled: 'red',
  closed: 'grey',
  complete: 'green',
  delivered: 'green',
  delivery_error: 'red',
  delivery_partial: 'yellow',
  holded: 'grey',
  pending_status: 'yellow',
  pending_payment: 'yellow',
  processing: 'yellow',
  waiting_cron: 'yellow',
};
export const INTEGRATED_ORDER_STATE_CHOICES: readonly FieldChoice[] = INTEGRATED_ORDER_STATES.map((id) => ({
  id,
  name: `integratedOrders.states.${id}`,
  tone: INTEGRATED_ORDER_STATE_TONES[id],
}));

/** SPEC §3 "PIN status": where the card's code (PIN) stands with its recipient. */
export const PIN_STATUSES = ['pending', 'sent', 'failed'] as const;
export type PinStatus = (typeof PIN_STATUSES)[number];

export const INTEGRATED_ORDER_LIMITS = { maxItems: 50, orderNumberMax: 40, externalItemIdMax: 64 } as const;

const cents = z.number({ error: VALIDATION_MESSAGES.amount }).int(VALIDATION_MESSAGES.amount).positive(VALIDATION_MESSAGES.amount);

export const integratedOrderItemBodySchema = z
  .object({
    /** the shop's line id */
    externalItemId: textField({ max: INTEGRATED_ORDER_LIMITS.externalItemIdMax }),
    /** a digital typology of the key's company (or one its company may sell) */
    typologyId: z.uuid(VALIDATION_MESSAGES.invalid),
    denominationCents: cents,
    /** what the buyer paid; default: the denomination */
    priceCents: z.number({ error: VALIDATION_MESSAGES.amount }).int(VALIDATION_MESSAGES.amount).min(0, VALIDATION_MESSAGES.amount).optional(),
    /** who receives the code; default: the buyer */
    activationEmail: z.email(VALIDATION_MESSAGES.invalid).max(254, maxLengthMessage(254)).optional(),
  })
  .strict();

export const integratedOrderBodySchema = z
  .object({
    orderNumber: textField({ max: INTEGRATED_ORDER_LIMITS.orderNumberMax }),
    /** when the shop took the order (ISO instant) */
    orderedAt: z.iso.datetime({ offset: true, error: VALIDATION_MESSAGES.invalid }),
    buyerEmail: z.email(VALIDATION_MESSAGES.invalid).max(254, maxLengthMessage(254)),
    buyerLanguage: z.enum(LANGUAGES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    items: z.array(integratedOrderItemBodySchema).min(1, VALIDATION_MESSAGES.required).max(INTEGRATED_ORDER_LIMITS.maxItems, maxItemsMessage(INTEGRATED_ORDER_LIMITS.maxItems)),
  })
  .strict();
export type IntegratedOrderBody = z.infer<typeof integratedOrderBodySchema>;

export const integratedOrderSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  orderNumber: z.string(),
  /** SPEC "date" and "hour" are this instant shown in the user's zone */
  orderedAt: z.string(),
  state: z.enum(INTEGRATED_ORDER_STATES),
  buyerEmail: z.string().nullable(),
  totalCents: z.number(),
  itemCount: z.number(),
  /** product names of the items, distinct, for the list */
  productNames: z.array(z.string()),
  apiKeyName: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export type IntegratedOrder = z.infer<typeof integratedOrderSchema>;

export const integratedOrderItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  typologyId: z.string(),
  productName: z.string(),
  externalItemId: z.string(),
  denominationCents: z.number(),
  priceCents: z.number(),
  giftCardId: z.string().nullable(),
  serialNumber: z.string().nullable(),
  pinStatus: z.enum(PIN_STATUSES),
  activationEmail: z.string(),
});
export type IntegratedOrderItem = z.infer<typeof integratedOrderItemSchema>;

export const integratedOrderDetailSchema = integratedOrderSchema.extend({ items: z.array(integratedOrderItemSchema) });
export type IntegratedOrderDetail = z.infer<typeof integratedOrderDetailSchema>;

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: VALIDATION_MESSAGES.invalid });

/** Same filter names as the bulk orders' (domain/orders.ts orderFilterSchema), so both tabs read alike. */
export const integratedOrderFilterSchema = z
  .object({
    /** exact order number or a prefix */
    number: textField({ max: INTEGRATED_ORDER_LIMITS.orderNumberMax }).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    state: z.enum(INTEGRATED_ORDER_STATES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    /** orders with an item of this typology */
    typologyId: z.uuid(VALIDATION_MESSAGES.invalid).optional(),
    companyId: z.uuid(VALIDATION_MESSAGES.invalid).optional(),
  })
  .strict()
  .superRefine(refineDateRanges(['dateFrom', 'dateTo']));
export type IntegratedOrderFilter = z.output<typeof integratedOrderFilterSchema>;

/** What the back-office list sorts by (default: orderedAt, newest first). */
export const INTEGRATED_ORDER_SORT_FIELDS = ['orderedAt', 'orderNumber'] as const;
export const INTEGRATED_ORDER_DEFAULT_SORT = { field: 'orderedAt', order: 'DESC' } as const;

/**
 * The CSV download (`…/integrated-orders/export`): one line per item, SPEC §3's fields and the
 * order's state, headed with `integratedOrders.fields.<column>` in the user's language.
 */
export const INTEGRATED_ORDER_CSV_COLUMNS = [
  'orderNumber',
  'date',
  'hour',
  'productName',
  'externalItemId',
  'denomination',
  'serialNumber',
  'price',
  'pinStatus',
  'activationEmail',
  'state',
] as const;
