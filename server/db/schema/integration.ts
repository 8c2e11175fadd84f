import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { cardTypologies, giftCards, stores } from './giftcards';
import { users } from './users';

const money = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Integration API keys (issue 22): one company, optionally one store (a till). The secret is shown
 * once at creation and kept only as its SHA-256; `prefix` (unique, shown in lists) finds the row.
 * A key acts with the scopes it was given, never more than its creator held (domain/integration.ts).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** null: any store of the company (the call names it); set: every move is at this store */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('api_keys_prefix_key').on(t.prefix), index('api_keys_company_created_idx').on(t.companyId, t.createdAt.desc())],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Orders posted by a web shop through the integration API (SPEC §3 integrated order, §4 states).
 * One per (company, external order number): posting the same number again changes nothing.
 */
export const integratedOrders = pgTable(
  'integrated_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** SPEC "order number": the web shop's own number */
    orderNumber: text('order_number').notNull(),
    /** SPEC "date" and "hour": when the shop took the order */
    orderedAt: ts('ordered_at').notNull(),
    state: text('state').notNull(),
    buyerEmail: text('buyer_email'),
    buyerLanguage: text('buyer_language').notNull().default('it'),
    totalCents: money('total_cents').notNull().default(0),
    /** SHA-256 of the posted body: the same number with another body is refused */
    requestHash: text('request_hash').notNull(),
    errorCode: text('error_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integrated_orders_company_number_key').on(t.companyId, t.orderNumber),
    index('integrated_orders_company_ordered_idx').on(t.companyId, t.orderedAt.desc(), t.id),
    index('integrated_orders_state_idx').on(t.state),
  ],
);
export type IntegratedOrderRow = typeof integratedOrders.$inferSelect;

/** One card of an integrated order (SPEC §3: product name, external item id, denomination, serial number, price, PIN status, activation e-mail). */
export const integratedOrderItems = pgTable(
  'integrated_order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => integratedOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    typologyId: uuid('typology_id')
      .notNull()
      .references(() => cardTypologies.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    externalItemId: text('external_item_id').notNull(),
    denominationCents: money('denomination_cents').notNull(),
    priceCents: money('price_cents').notNull(),
    /** the minted card; null until it is made */
    giftCardId: uuid('gift_card_id').references(() => giftCards.id, { onDelete: 'restrict' }),
    /** SPEC "serial number": the card's progressive / serial as shown to the buyer */
    serialNumber: text('serial_number'),
    /** SPEC "PIN status": whether the code (PIN) reached its recipient (domain/integratedOrders.ts) */
    pinStatus: text('pin_status').notNull(),
    activationEmail: text('activation_email').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [uniqueIndex('integrated_order_items_order_position_key').on(t.orderId, t.position), index('integrated_order_items_card_idx').on(t.giftCardId)],
);
export type IntegratedOrderItemRow = typeof integratedOrderItems.$inferSelect;
