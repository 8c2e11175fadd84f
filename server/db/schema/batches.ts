import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ArchiveStatus, BatchStatus } from '../../../domain/catalog';
import { companies } from './companies';
import { cardTypologies } from './giftcards';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The last progressive handed out per typology. Every batch (and any other code that mints cards)
 * takes its range with one `INSERT … ON CONFLICT DO UPDATE … RETURNING` on this row, which locks
 * it until the transaction ends: two generations at once get consecutive, disjoint ranges.
 */
export const typologyProgressives = pgTable('typology_progressives', {
  typologyId: uuid('typology_id')
    .primaryKey()
    .references(() => cardTypologies.id, { onDelete: 'cascade' }),
  lastProgressive: bigint('last_progressive', { mode: 'number' }).notNull(),
});

/**
 * A production run of cards of one typology (DESIGN §6): a lot number (unique in the system, so
 * the batch's cards are `gift_cards` of the batch's company with that lot number) and a range of
 * progressives. Jobs record their progress here (generated / activated / drawn counts).
 */
export const cardBatches = pgTable(
  'card_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    typologyId: uuid('typology_id')
      .notNull()
      .references(() => cardTypologies.id, { onDelete: 'restrict' }),
    lotNumber: text('lot_number').notNull(),
    quantity: integer('quantity').notNull(),
    orderReference: text('order_reference'),
    expireDate: date('expire_date', { mode: 'string' }),
    status: text('status').$type<BatchStatus>().notNull().default('PENDING'),
    progressiveFrom: bigint('progressive_from', { mode: 'number' }),
    progressiveTo: bigint('progressive_to', { mode: 'number' }),
    generatedCount: integer('generated_count').notNull().default(0),
    activationCount: integer('activation_count').notNull().default(0),
    activatedAt: ts('activated_at'),
    archiveStatus: text('archive_status').$type<ArchiveStatus>(),
    archiveCount: integer('archive_count').notNull().default(0),
    archiveFile: text('archive_file'),
    archiveBytes: bigint('archive_bytes', { mode: 'number' }),
    errorMessage: text('error_message'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_batches_lot_number_key').on(t.lotNumber),
    index('card_batches_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('card_batches_typology_idx').on(t.typologyId),
  ],
);

export type CardBatchRow = typeof cardBatches.$inferSelect;
