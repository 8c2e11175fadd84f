import { bigint, boolean, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrderState, ProgressiveRange, ShippingType } from '../../../domain/orders';
import { companies } from './companies';
import { cardTypologies, giftCards } from './giftcards';
import { users } from './users';

const money = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Order numbers: ORD-000001, … (one sequence for the whole system, so numbers never repeat). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

/**
 * Gift-card orders (domain/orders.ts). `company_id` receives the cards; `placed_by_company_id`
 * placed the order (the route's company): "orders" lists what a subtree placed, "acquired orders"
 * what it received from others. The order's cards are the `gift_cards` of `company_id` whose
 * `order_reference` is the order number.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    placedByCompanyId: uuid('placed_by_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    shippingType: text('shipping_type').$type<ShippingType>().notNull(),
    state: text('state').$type<OrderState>().notNull().default('NEW'),
    activated: boolean('activated').notNull().default(false),
    activatedAt: ts('activated_at'),
    referentName: text('referent_name'),
    referentEmail: text('referent_email'),
    validMonths: integer('valid_months').notNull().default(1),
    companyOrderNumber: text('company_order_number'),
    sendEmailToCompanyContact: boolean('send_email_to_company_contact').notNull().default(false),
    autoActivate: boolean('auto_activate').notNull().default(false),
    shippingAddress: text('shipping_address'),
    /** set by "edit expiry": the cards' expiry day; null = valid_months from activation */
    expireDate: date('expire_date', { mode: 'string' }),
    trackingCarrier: text('tracking_carrier'),
    trackingNumber: text('tracking_number'),
    trackingLink: text('tracking_link'),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    /** the last job failure or refusal (an API error code) and its detail */
    errorCode: text('error_code'),
    errorDetail: text('error_detail'),
    /** the state a cancel started from (a refused cancel job returns the order to it) */
    cancelFromState: text('cancel_from_state').$type<OrderState>(),
    totalCents: money('total_cents').notNull().default(0),
    physicalCards: integer('physical_cards').notNull().default(0),
    digitalCards: integer('digital_cards').notNull().default(0),
    confirmedAt: ts('confirmed_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_placed_by_created_idx').on(t.placedByCompanyId, t.createdAt.desc(), t.id.desc()),
    index('orders_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The products of an order ("variants"): a typology, how many cards and their value; physical
 * orders the ranges of progressives, digital ones a template image (base64, read only when
 * issued) or a names list (its recipients are `order_recipients`).
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    typologyId: uuid('typology_id')
      .notNull()
      .references(() => cardTypologies.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    valueCents: money('value_cents').notNull(),
    ranges: jsonb('ranges').$type<ProgressiveRange[]>(),
    templateName: text('template_name'),
    templateType: text('template_type'),
    templateContent: text('template_content'),
    namesListName: text('names_list_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.createdAt), index('order_items_typology_idx').on(t.typologyId, t.orderId)],
);

/** One card per recipient of a digital names list; the card is linked when the order is issued. */
export const orderRecipients = pgTable(
  'order_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    cardId: uuid('card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    emailedAt: ts('emailed_at'),
  },
  (t) => [uniqueIndex('order_recipients_item_position_key').on(t.itemId, t.position), index('order_recipients_order_idx').on(t.orderId), index('order_recipients_card_idx').on(t.cardId)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderRecipientRow = typeof orderRecipients.$inferSelect;
