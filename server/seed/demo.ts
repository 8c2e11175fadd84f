import { eq, sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '../../domain/demoAccounts';
import type { Db } from '../db/client';
import { companies, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { runDashboardRollup } from '../modules/dashboard/rollup';
import { seedBatches } from './batches';
import { seedGiftcards } from './giftcards';
import { seedOrders } from './orders';
import { seedIntegratedOrders } from './integratedOrders';
import { seedReloadables } from './reloadables';
import { seedTickets } from './tickets';

export { DEMO_PASSWORD };

interface DemoCompany {
  code: string;
  name: string;
  parentCode: string | null;
  isProvider: boolean;
  businessName: string;
  /** the other SPEC §3 company fields, as the registry form requires them */
  details: { vatNumber: string; address: string; city: string; municipality: string; province: string; zip: string };
}

const COMPANIES: DemoCompany[] = [
  {
    code: 'TESSERA',
    name: 'Tessera',
    parentCode: null,
    isProvider: true,
    businessName: 'Tessera S.r.l.',
    details: { vatNumber: 'IT09876543210', address: 'Via Dante 12', city: 'Milano', municipality: 'Milano', province: 'MI', zip: '20121' },
  },
  {
    code: 'ACME',
    name: 'Acme S.p.A.',
    parentCode: 'TESSERA',
    isProvider: false,
    businessName: 'Acme S.p.A.',
    details: { vatNumber: 'IT01234567890', address: 'Corso Francia 45', city: 'Torino', municipality: 'Torino', province: 'TO', zip: '10138' },
  },
  {
    code: 'ACME-NORD',
    name: 'Acme Nord S.r.l.',
    parentCode: 'ACME',
    isProvider: false,
    businessName: 'Acme Nord S.r.l.',
    details: { vatNumber: 'IT01234567891', address: 'Via Manzoni 3', city: 'Bergamo', municipality: 'Bergamo', province: 'BG', zip: '24121' },
  },
];

/** The four demo accounts (domain/demoAccounts.ts), shared with the SPA's demo mode. */
export const DEMO_USERS: readonly DemoAccount[] = DEMO_ACCOUNTS;

/** Arbitrary constant: instances starting together seed one after the other. */
const SEED_LOCK_KEY = 7_262_013_002;

/**
 * Demo companies and accounts (password {@link DEMO_PASSWORD}). Idempotent: existing rows are kept.
 * `giftcards`: also the gift-card catalog, stores and ≈3,000 cards with their ledgers (server
 * start does; API tests leave it out and build the few rows each test needs). `orders` (with
 * `giftcards`): demo orders in every state (seed/orders.ts) and the reloadable programme's
 * wallets, cards and past run (seed/reloadables.ts), and the support tickets' categories and
 * Acme's sample tickets (seed/tickets.ts).
 */
export function seedDemoData(db: Db, options: { giftcards?: boolean; orders?: boolean } = {}): Promise<{ companies: number; users: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const created = await seedMissing(tx);
    if (options.giftcards) await seedGiftcards(tx);
    // orders draw on the catalog the gift-card seed makes
    if (options.giftcards && options.orders) await seedOrders(tx);
    // web shops' orders (the order history's integrated tab), on the same catalog
    if (options.giftcards && options.orders) await seedIntegratedOrders(tx);
    // batches take their progressives after every card the other seeds made
    if (options.giftcards && options.orders) await seedBatches(tx);
    // the reloadable programme (wallets, cards, a past run): with the full demo, as the orders
    if (options.giftcards && options.orders) await seedReloadables(tx);
    // support tickets: the categories and Acme's sample tickets, with the full demo too
    if (options.giftcards && options.orders) await seedTickets(tx);
    // the dashboard's daily summaries of the history just written (the rollup job keeps them up to date)
    if (options.giftcards) await runDashboardRollup(tx, new Date());
    return created;
  });
}

async function seedMissing(db: Db): Promise<{ companies: number; users: number }> {
  const ids = new Map<string, string>();
  let createdCompanies = 0;
  let createdUsers = 0;
  for (const company of COMPANIES) {
    const [existing] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, company.code));
    if (existing) {
      ids.set(company.code, existing.id);
      continue;
    }
    const [row] = await db
      .insert(companies)
      .values({
        code: company.code,
        name: company.name,
        businessName: company.businessName,
        ...company.details,
        isProvider: company.isProvider,
        parentId: company.parentCode ? ids.get(company.parentCode) : null,
      })
      .returning({ id: companies.id });
    ids.set(company.code, row.id);
    createdCompanies += 1;
  }
  let passwordHash: string | null = null;
  for (const user of DEMO_USERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${user.email}`);
    if (existing) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    await db.insert(users).values({
      email: user.email,
      companyId: ids.get(user.companyCode) as string,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      status: user.status,
      permissions: user.permissions,
      language: 'it',
      passwordHash,
      passwordChangedAt: new Date(),
    });
    createdUsers += 1;
  }
  return { companies: createdCompanies, users: createdUsers };
}
