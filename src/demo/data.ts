import type { CardStatus } from '../../domain/giftcards';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../domain/demoAccounts';
import type { CompanyRecord } from '../../domain/schemas/companies-api';
import type { StoreRecord } from '../../domain/schemas/stores-api';
import { cardCode, cardHistory, company, giftCard, operator, seededRandom, sequentialId, store, typology, type CardRow, type LedgerRow } from '../test/builders';
import { KIND, type DemoDb, type DemoUser } from './db';

/**
 * The demo's generated data, made with the SPA tests' builders: the seed's three companies
 * (Tessera → Acme → Acme Nord) and its four sign-in accounts, more customer companies with stores
 * and operators, the card catalog, and 3,000 cards with consistent histories. Deterministic for
 * a seed (times are relative to `now`); about 0.1 s.
 */
export { DEMO_PASSWORD };
export const DEMO_SEED = 20260301;

/** The operator's permission set, also given to the generated operators. */
const OPERATOR_PERMISSIONS = DEMO_ACCOUNTS.find((a) => a.email === 'operator@acme.test')!.permissions;
const COMPANY_NUMBER: Record<string, number> = { TESSERA: 1, ACME: 2, 'ACME-NORD': 3 };

const MAIN_COMPANIES: Array<Partial<CompanyRecord> & { n: number; parent: number | null }> = [
  { n: 1, parent: null, isProvider: true, code: 'TESSERA', companyName: 'Tessera', businessName: 'Tessera S.r.l.', vatNumber: 'IT09876543210', address: 'Via Dante 12', city: 'Milano', municipality: 'Milano', province: 'MI', zip: '20121' },
  { n: 2, parent: 1, code: 'ACME', companyName: 'Acme S.p.A.', businessName: 'Acme S.p.A.', vatNumber: 'IT01234567890', address: 'Corso Francia 45', city: 'Torino', municipality: 'Torino', province: 'TO', zip: '10138' },
  { n: 3, parent: 2, code: 'ACME-NORD', companyName: 'Acme Nord S.r.l.', businessName: 'Acme Nord S.r.l.', vatNumber: 'IT01234567891', address: 'Via Manzoni 3', city: 'Bergamo', municipality: 'Bergamo', province: 'BG', zip: '24121' },
];

const CITIES: Array<[string, string, string]> = [
  ['Milano', 'MI', '20100'], ['Roma', 'RM', '00100'], ['Napoli', 'NA', '80100'], ['Torino', 'TO', '10100'], ['Firenze', 'FI', '50100'],
  ['Bologna', 'BO', '40100'], ['Genova', 'GE', '16100'], ['Verona', 'VR', '37100'], ['Padova', 'PD', '35100'], ['Bari', 'BA', '70100'],
];
const BRANDS = ['Aurora', 'Borealis', 'Cometa', 'Delta', 'Eclisse', 'Fenice', 'Galassia', 'Iride', 'Levante', 'Maestrale', 'Nettuno', 'Orione', 'Pegaso', 'Quasar', 'Sirio', 'Vega', 'Zefiro', 'Libeccio', 'Scirocco', 'Tramontana'];
const FIRST_NAMES = ['Giulia', 'Marco', 'Sara', 'Luca', 'Chiara', 'Paolo', 'Elena', 'Davide', 'Marta', 'Stefano', 'Laura', 'Andrea'];
const LAST_NAMES = ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti'];

const MAIN_STORES: Record<number, Array<[string, string, string, boolean]>> = {
  1: [['TESSERA-HQ', 'Tessera Sede', 'HQ', true], ['TESSERA-WEB', 'Tessera Online', 'WEB', false]],
  2: [
    ['MI-CENTRO', 'Milano Centro', 'RETAIL', true],
    ['MI-NAVIGLI', 'Milano Navigli', 'RETAIL', false],
    ['RM-TERMINI', 'Roma Termini', 'RETAIL', false],
    ['TO-PORTA-NUOVA', 'Torino Porta Nuova', 'RETAIL', false],
    ['ACME-WEB', 'Acme Online', 'WEB', false],
  ],
  3: [['BG-CENTRO', 'Bergamo Centro', 'RETAIL', true], ['BS-FRANCIACORTA', 'Brescia Franciacorta', 'OUTLET', false]],
};

/** cards per main company, and the share of each state (as the server seed) */
const CARDS: Record<number, number> = { 2: 1900, 3: 800, 1: 300 };
const STATES: Array<[CardStatus, number]> = [['NOT_ACTIVE', 0.24], ['ACTIVE', 0.36], ['SOLD', 0.14], ['DISABLED', 0.07], ['LOCKED', 0.05], ['EXPIRED', 0.14]];

export function createDemoDb({ seed = DEMO_SEED, now = new Date() }: { seed?: number; now?: Date } = {}): DemoDb {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const counters = new Map<number, number>();
  const newId = (kind: number) => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return sequentialId(kind, n);
  };
  const created = new Date(now.getTime() - 800 * 86_400_000).toISOString();

  // companies: the seed's tree, then customers of Tessera (every third one with a sub-company)
  const companies: CompanyRecord[] = MAIN_COMPANIES.map(({ n: _n, parent, ...fields }) =>
    company({ ...fields, id: newId(KIND.company), parentId: parent ? sequentialId(KIND.company, parent) : null, createdAt: created, updatedAt: created }),
  );
  for (let i = 0; i < BRANDS.length; i++) {
    const [city, province, zip] = pick(CITIES);
    const parent = i % 3 === 2 ? companies[companies.length - 1] : companies[0];
    const code = `${BRANDS[i].toUpperCase()}${parent === companies[0] ? '' : '-SUD'}`;
    companies.push(
      company({
        id: newId(KIND.company),
        parentId: parent.id,
        code,
        companyName: `${BRANDS[i]} ${parent === companies[0] ? 'S.p.A.' : 'Sud S.r.l.'}`,
        businessName: `${BRANDS[i]} Retail S.r.l.`,
        vatNumber: `IT${String(10_000_000_000 + Math.floor(random() * 89_999_999_999)).slice(0, 11)}`,
        address: `Via ${pick(LAST_NAMES)} ${1 + Math.floor(random() * 120)}`,
        city,
        municipality: city,
        province,
        zip,
        createdAt: created,
        updatedAt: created,
      }),
    );
  }
  for (const c of companies) c.parentName = companies.find((p) => p.id === c.parentId)?.companyName ?? null;

  // users: the four accounts first (their ids are fixed), then operators of the customers
  // the sign-in accounts shared with the server seed (domain/demoAccounts.ts)
  const users: DemoUser[] = DEMO_ACCOUNTS.map((a) => ({
    id: newId(KIND.user),
    email: a.email,
    password: DEMO_PASSWORD,
    firstName: a.firstName,
    lastName: a.lastName,
    phone: '3331234567',
    phoneCountry: '+39',
    role: a.role,
    status: a.status,
    companyId: sequentialId(KIND.company, COMPANY_NUMBER[a.companyCode]),
    permissions: a.permissions,
    language: 'it',
    createdAt: created,
  }));
  for (const c of companies.slice(1)) {
    const count = 1 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) {
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      const record = operator({
        id: newId(KIND.user),
        companyId: c.id,
        companyName: c.companyName,
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${users.length}@${(c.code ?? 'demo').toLowerCase()}.test`.toLowerCase(),
        status: random() < 0.15 ? 'PENDING_ACTIVATION' : 'ACTIVE',
        createdAt: created,
      });
      users.push({ ...record, password: null, permissions: OPERATOR_PERMISSIONS, language: 'it' });
    }
  }

  // stores: the seed's, then two or three per other customer
  const stores: StoreRecord[] = [];
  for (const c of companies) {
    const n = Number(c.id.slice(-12));
    const own = MAIN_STORES[n] ?? Array.from({ length: 2 + Math.floor(random() * 2) }, (_, i): [string, string, string, boolean] => {
      const [city] = pick(CITIES);
      return [`${c.code}-${String(i + 1).padStart(2, '0')}`, `${c.companyName.split(' ')[0]} ${city}`, pick(['RETAIL', 'OUTLET', 'WEB']), i === 0];
    });
    for (const [code, name, storeCategoryId, defaultActivationStore] of own) {
      stores.push(store({ id: newId(KIND.store), companyId: c.id, code, name, storeCategoryId, defaultActivationStore, createdAt: created, updatedAt: created }));
    }
  }

  const typologies = [
    typology({ id: newId(KIND.typology), sku: 'GC-PHY-25', name: 'Gift Card 25 €', type: 'PHYSICAL', valueCents: 2500, expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12 }),
    typology({ id: newId(KIND.typology), sku: 'GC-PHY-50', name: 'Gift Card 50 €', type: 'PHYSICAL', valueCents: 5000, expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 24 }),
    typology({ id: newId(KIND.typology), sku: 'GC-DIG-VAR', name: 'Digital Gift Card', type: 'DIGITAL', valueCents: null, variableValue: true, expirationType: 'MONTHS_FROM_FIRST_USE', expirationMonths: 12 }),
    typology({ id: newId(KIND.typology), sku: 'GC-DIG-XMAS', name: 'Christmas Card 100 €', type: 'DIGITAL', valueCents: 10000, expirationType: 'FIXED_DATE', expirationMonths: null, expirationDate: '2027-01-31' }),
  ];

  const cards: CardRow[] = [];
  const transactions: LedgerRow[] = [];
  const codes = new Set<string>();
  let progressive = 100_000;
  for (const [n, count] of Object.entries(CARDS)) {
    const owner = companies[Number(n) - 1];
    const own = stores.filter((s) => s.companyId === owner.id);
    for (let i = 0; i < count; i++) {
      const typo = pick(typologies);
      const valueCents = typo.valueCents ?? pick([1000, 2000, 3000, 5000, 7500, 15000]);
      let code = cardCode(random);
      while (codes.has(code)) code = cardCode(random);
      codes.add(code);
      const base = giftCard({
        id: newId(KIND.card),
        code,
        progressive: progressive++,
        lotNumber: typo.type === 'PHYSICAL' ? `LOT-${owner.code}-${String(Math.floor(i / 250) + 1).padStart(3, '0')}` : null,
        orderReference: i % 7 === 0 ? null : `ORD-${owner.code}-${String(Math.floor(i / 40) + 1).padStart(4, '0')}`,
        typologyId: typo.id,
        typologyName: typo.name,
        companyId: owner.id,
        companyName: owner.companyName,
      });
      let roll = random();
      const target = STATES.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'ACTIVE';
      const { card, rows } = cardHistory({ card: base, target, valueCents, stores: own, random, newId: () => newId(KIND.transaction), now });
      card.valueCents = typo.valueCents === null ? valueCents : null;
      card.createdAt = new Date(new Date(card.activationDate ?? now).getTime() - 86_400_000).toISOString();
      cards.push(card);
      transactions.push(...rows);
    }
  }

  const ledgerByCard = new Map<string, LedgerRow[]>();
  for (const row of transactions) {
    const list = ledgerByCard.get(row.cardId);
    if (list) list.push(row);
    else ledgerByCard.set(row.cardId, [row]);
  }
  return {
    companies,
    users,
    stores,
    typologies,
    cards,
    transactions,
    cardById: new Map(cards.map((c) => [c.id, c])),
    transactionById: new Map(transactions.map((t) => [t.id, t])),
    ledgerByCard,
    logos: new Map(),
    idempotency: new Map(),
    newId,
  };
}
