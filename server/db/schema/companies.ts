import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Companies form a tree (DESIGN §6): the provider at the root, customer companies below it,
 * their sub-companies below those. SPEC §3 fields are nullable until the registry issue fills them.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => companies.id, { onDelete: 'restrict' }),
    isProvider: boolean('is_provider').notNull().default(false),
    name: text('name').notNull(),
    code: text('code'),
    businessName: text('business_name'),
    vatNumber: text('vat_number'),
    address: text('address'),
    city: text('city'),
    municipality: text('municipality'),
    province: text('province'),
    zip: text('zip'),
    logoPath: text('logo_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_code_key').on(t.code), index('companies_parent_idx').on(t.parentId)],
);

export type CompanyRow = typeof companies.$inferSelect;
