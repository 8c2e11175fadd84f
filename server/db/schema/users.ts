import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permissions } from '../../../domain/permissions';
import type { UserStatus } from '../../../domain/schemas/auth';
import { companies } from './companies';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    phoneCountry: text('phone_country'),
    role: text('role').notNull().default('OPERATOR'),
    /** SPEC §3 shape; validated with domain permissionsSchema on write and read. */
    permissions: jsonb('permissions').$type<Permissions>().notNull().default({}),
    language: text('language').notNull().default('it'),
    /** SPEC §3 profile: postal address */
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    /** an e-mail change waiting for its confirmation link (the account signs in with `email` until then) */
    pendingEmail: text('pending_email'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    status: text('status').$type<UserStatus>().notNull().default('PENDING_ACTIVATION'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail is unique whatever its case: lookups use lower(email) too.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

export type UserRow = typeof users.$inferSelect;
