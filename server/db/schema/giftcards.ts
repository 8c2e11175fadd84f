import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CardStatus, ExpirationType, LedgerType, TransactionResult, TypologyType } from '../../../domain/giftcards';
import { companies } from './companies';
import { users } from './users';

const money = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Points of sale of a company. At most one default activation store per company. */
export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    storeCategoryId: text('store_category_id').notNull(),
    isDefaultActivation: boolean('is_default_activation').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_company_code_key').on(t.companyId, t.code),
    uniqueIndex('stores_default_activation_key').on(t.companyId).where(sql`${t.isDefaultActivation}`),
  ],
);

/** Catalog products (DESIGN §6). company_id null = the provider's catalog, offered to everyone. */
export const cardTypologies = pgTable(
  'card_typologies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type').$type<TypologyType>().notNull(),
    /** null = variable value (set per card at activation/sale) */
    valueCents: money('value_cents'),
    variableValue: boolean('variable_value').notNull().default(false),
    sku: text('sku').notNull().unique(),
    expirationType: text('expiration_type').$type<ExpirationType>().notNull(),
    expirationMonths: integer('expiration_months'),
    expirationDate: date('expiration_date', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('card_typologies_company_idx').on(t.companyId)],
);

/**
 * Gift cards. balance_cents and frozen_cents are the running sums of the card's SUCCESS ledger
 * rows, kept on the card so that a row lock on it serializes every change (DESIGN §6).
 * `enabled_status` remembers the usable state a DISABLED/LOCKED card returns to on ENABLE.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    typologyId: uuid('typology_id')
      .notNull()
      .references(() => cardTypologies.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    progressive: bigint('progressive', { mode: 'number' }).notNull(),
    lotNumber: text('lot_number'),
    orderReference: text('order_reference'),
    status: text('status').$type<CardStatus>().notNull().default('NOT_ACTIVE'),
    enabledStatus: text('enabled_status').$type<CardStatus>(),
    balanceCents: money('balance_cents').notNull().default(0),
    frozenCents: money('frozen_cents').notNull().default(0),
    /** face value for variable-value typologies (null: the typology's value) */
    valueCents: money('value_cents'),
    activationDate: ts('activation_date'),
    expireDate: ts('expire_date'),
    firstUseDate: ts('first_use_date'),
    everConsumed: boolean('ever_consumed').notNull().default(false),
    /** set when the card was voided with its cancelled order: no action may bring it back (domain/giftcardRules.ts CARD_VOIDED) */
    voidedAt: ts('voided_at'),
    activationStoreId: uuid('activation_store_id').references(() => stores.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_key').on(t.code),
    // list order and keyset/offset pages, per company (the subtree is a short IN list)
    uniqueIndex('gift_cards_company_progressive_idx').on(t.companyId, t.progressive, t.id),
    index('gift_cards_progressive_idx').on(t.progressive, t.id),
    index('gift_cards_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('gift_cards_company_status_idx').on(t.companyId, t.status, t.progressive),
    index('gift_cards_company_lot_idx').on(t.companyId, t.lotNumber, t.progressive),
    index('gift_cards_company_order_ref_idx').on(t.companyId, t.orderReference, t.progressive),
    index('gift_cards_company_activation_idx').on(t.companyId, t.activationDate, t.id),
    index('gift_cards_company_expire_idx').on(t.companyId, t.expireDate, t.id),
    index('gift_cards_store_idx').on(t.activationStoreId, t.progressive),
  ],
);

/**
 * The append-only ledger. amount_cents is the signed effect on the balance (0 for ERROR rows);
 * frozen_delta_cents the effect on the frozen amount. Only two columns ever change after insert:
 * cancelled_by_transaction_id / unfrozen (a CANCEL or UNFREEZE happened) and returned_cents on
 * CONSUME rows (what RETURNs took back), so the "once" and "never more than" rules are checks
 * on the locked row rather than sums.
 */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').notNull(),
    type: text('type').$type<LedgerType>().notNull(),
    result: text('result').$type<TransactionResult>().notNull().default('SUCCESS'),
    amountCents: money('amount_cents').notNull().default(0),
    balanceAfterCents: money('balance_after_cents').notNull(),
    frozenDeltaCents: money('frozen_delta_cents').notNull().default(0),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    returnNumber: text('return_number'),
    relatedTransactionId: uuid('related_transaction_id'),
    cancelledByTransactionId: uuid('cancelled_by_transaction_id'),
    unfrozenByTransactionId: uuid('unfrozen_by_transaction_id'),
    returnedCents: money('returned_cents').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    errorCode: text('error_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('gift_card_tx_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('gift_card_tx_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('gift_card_tx_card_created_idx').on(t.cardId, t.createdAt),
    index('gift_card_tx_company_type_created_idx').on(t.companyId, t.type, t.createdAt.desc()),
    index('gift_card_tx_store_created_idx').on(t.storeId, t.createdAt.desc()),
    index('gift_card_tx_related_idx').on(t.relatedTransactionId),
  ],
);

/**
 * Money-moving calls replay the first answer for the same (user, key); integration calls for the
 * same (API key, operation in `route`, key). `user_id` is then the API key's creator.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** set for integration API calls (api_keys.id; keys are revoked, never deleted) */
    apiKeyId: uuid('api_key_id'),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    /**
     * Work spanning several transactions (bulk actions): who runs it and until when. The runner
     * renews the lease while it works; a claim whose lease has run out belongs to a process that
     * died, and the next call with the key takes it over and finishes the work.
     */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: ts('lease_expires_at'),
    /** what the claimed work acts on, fixed when it starts (a bulk's target card ids) */
    work: jsonb('work').$type<unknown>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key).where(sql`${t.apiKeyId} IS NULL`),
    uniqueIndex('idempotency_keys_api_key_route_key').on(t.apiKeyId, t.route, t.key).where(sql`${t.apiKeyId} IS NOT NULL`),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Per-card progress of a keyed bulk action, written in the same transaction as the card's ledger
 * row: a card with a row here has moved (or been refused) exactly once under that key, so a
 * resumed bulk skips it. Dropped with the key, or when the summary is stored.
 */
export const bulkActionItems = pgTable(
  'bulk_action_items',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => idempotencyKeys.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').notNull(),
    cardCode: text('card_code').notNull().default(''),
    /** null: done; otherwise the refusal code reported for the card */
    errorCode: text('error_code'),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.cardId] })],
);

export type StoreRow = typeof stores.$inferSelect;
export type TypologyRow = typeof cardTypologies.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardTransactionRow = typeof giftCardTransactions.$inferSelect;
