import type { Typology } from '../../domain/giftcards';
import type { Permissions } from '../../domain/permissions';
import type { UserStatus } from '../../domain/schemas/auth';
import type { CompanyRecord } from '../../domain/schemas/companies-api';
import type { StoreRecord } from '../../domain/schemas/stores-api';
import type { CardRow, LedgerRow } from '../test/builders';

/** A user of the demo: the four sign-in accounts, the operators and the referents. */
export interface DemoUser {
  id: string;
  email: string;
  /** only the sign-in accounts have one */
  password: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  phoneCountry: string | null;
  role: string;
  status: UserStatus;
  companyId: string;
  permissions: Permissions;
  language: string;
  createdAt: string;
}

/** The whole demo database, in memory (one per page load; see README). */
export interface DemoDb {
  companies: CompanyRecord[];
  users: DemoUser[];
  stores: StoreRecord[];
  typologies: Typology[];
  cards: CardRow[];
  transactions: LedgerRow[];
  cardById: Map<string, CardRow>;
  transactionById: Map<string, LedgerRow>;
  ledgerByCard: Map<string, LedgerRow[]>;
  logos: Map<string, Blob>;
  /** answered idempotent calls: `${userId}:${key}` → request fingerprint and outcome */
  idempotency: Map<string, { fingerprint: string; outcome: Promise<unknown> }>;
  /** a new row id of a table kind (see sequentialId) */
  newId(kind: number): string;
}

export const KIND = { company: 1, user: 2, store: 3, typology: 5, card: 6, transaction: 7 } as const;

/** A company and every company below it. */
export function subtreeIds(db: DemoDb, rootId: string | null): Set<string> {
  const out = new Set<string>();
  if (!rootId || !db.companies.some((c) => c.id === rootId)) return out;
  out.add(rootId);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of db.companies) {
      if (c.parentId && out.has(c.parentId) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}

/** A company and the ones above it, nearest first. */
export function ancestry(db: DemoDb, companyId: string): string[] {
  const out: string[] = [];
  let current = db.companies.find((c) => c.id === companyId);
  while (current && out.length < 20) {
    out.push(current.id);
    current = current.parentId ? db.companies.find((c) => c.id === current!.parentId) : undefined;
  }
  return out;
}

export function addTransaction(db: DemoDb, row: LedgerRow): void {
  db.transactions.push(row);
  db.transactionById.set(row.id, row);
  const list = db.ledgerByCard.get(row.cardId);
  if (list) list.push(row);
  else db.ledgerByCard.set(row.cardId, [row]);
}
