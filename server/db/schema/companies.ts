import { boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Companies form a tree (DESIGN §6): the provider at the root, customer companies below it,
 * their sub-companies below those. SPEC §3 fields stay nullable: the provider and older rows
 * may lack them; the registry API requires them on every write (domain companySchema).
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
    /** unused: logos live in company_logos (in the database, so every instance serves them) */
    logoPath: text('logo_path'),
    /** the company's contact user (a user of this company, pending until activated) */
    referentUserId: uuid('referent_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_code_key').on(t.code), index('companies_parent_idx').on(t.parentId)],
);

export type CompanyRow = typeof companies.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Company logos (SPEC §5: JPEG or PNG, at most 5 MB), apart from `companies` so that the rows
 * read on every request never carry image bytes.
 */
export const companyLogos = pgTable('company_logos', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
