import type { ReloadableCardStatus } from '../../../domain/reloadables';
import type { DemoDb } from '../db';
import { createRun, runDueRuns } from './runs';
import { appendCardEvent, applyWalletMoves, emptyStore, RELOADABLE_KIND, type DemoCard, type ReloadableStore } from './store';

/**
 * The reloadable programme's demo data, the server seed's picture: Acme (parent of Acme Nord)
 * with 20,000.00 € of plafond, Acme Nord with 300.00 € received by transfer, Acme Nord's 240
 * cards `535000000000` + 0001..0240 in every state, Acme's 60 cards, their cardholders, one
 * completed run of 10 reloads on Acme Nord's cards 0201–0210, Acme Nord's notification settings.
 * Made on first use of a demo database (like the orders), times relative to now.
 */
const byDb = new WeakMap<DemoDb, ReloadableStore>();

/** The programme's tables of this demo database; planned runs whose time has come run first (the server's job). */
export function reloadablesOf(db: DemoDb, now = new Date()): ReloadableStore {
  let store = byDb.get(db);
  if (!store) {
    store = seed(db, now);
    byDb.set(db, store);
  }
  runDueRuns(db, store, now);
  return store;
}

const FIRST = ['Giulia', 'Marco', 'Sara', 'Luca', 'Chiara', 'Paolo', 'Elena', 'Davide', 'Marta', 'Stefano', 'Laura', 'Andrea', 'Francesca', 'Matteo', 'Valentina'];
const LAST = ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Costa', 'Fontana', 'Moretti', 'Barbieri', 'Lombardi'];
const DAY = 86_400_000;
/** cards were issued and activated early in 2026 (as the server seed) */
const ISSUED = '2026-02-02T09:00:00.000Z';

/** Acme Nord's cards by their last four digits (0231–0240: active, no cardholder yet). */
function nordStatus(n: number): ReloadableCardStatus {
  if (n <= 220) return 'ACTIVE';
  if (n <= 225) return 'LOCKED';
  if (n <= 228) return 'NOT ACTIVE';
  if (n === 229) return 'FREEZED';
  if (n === 230) return 'DELETED';
  return 'ACTIVE';
}

function seed(db: DemoDb, now: Date): ReloadableStore {
  const store = emptyStore();
  const company = (code: string) => db.companies.find((c) => c.code === code)!;
  const user = (email: string) => db.users.find((u) => u.email === email) ?? null;
  const acme = company('ACME');
  const nord = company('ACME-NORD');
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const issued = ISSUED;

  const addCards = (owner: typeof acme, prefix: string, count: number, status: (n: number) => ReloadableCardStatus, withHolder: (n: number) => boolean) => {
    for (let n = 1; n <= count; n += 1) {
      const suffix = String(n).padStart(4, '0');
      const clientId = `${owner.code}-${suffix}`;
      let userId: string | null = null;
      if (withHolder(n)) {
        const firstName = FIRST[(n * 7 + count) % FIRST.length];
        const lastName = LAST[(n * 5 + prefix.length) % LAST.length];
        userId = db.newId(RELOADABLE_KIND);
        store.holders.push({
          id: userId,
          companyId: owner.id,
          firstName,
          lastName,
          email: `${firstName}.${lastName}.${suffix}@${(owner.code ?? 'demo').toLowerCase()}.test`.toLowerCase(),
          phone: `+39 333 ${String(1_000_000 + n * 7919).slice(-7)}`,
          clientId,
          createdAt: issued,
        });
      }
      const state = status(n);
      const card: DemoCard = {
        id: db.newId(RELOADABLE_KIND),
        number: `${prefix}${suffix}`,
        companyId: owner.id,
        userId,
        clientId: userId ? clientId : null,
        status: state,
        balanceCents: 0,
        activationDate: state === 'NOT ACTIVE' ? null : issued,
        expirationDate: '2029-12-31',
        lastReloadAt: null,
        monthKey: null,
        yearKey: null,
        monthReloadedCents: 0,
        yearReloadedCents: 0,
      };
      store.cards.push(card);
      store.cardById.set(card.id, card);
      appendCardEvent(db, store, card, 'ISSUE', null, issued, null, 0);
      if (state === 'LOCKED') appendCardEvent(db, store, card, 'LOCK', null, at(45).toISOString(), { from: 'ACTIVE', to: 'LOCKED' });
    }
  };
  addCards(nord, '535000000000', 240, nordStatus, (n) => n <= 230);
  addCards(acme, '535000000001', 60, () => 'ACTIVE', () => true);

  // the money: provider funding of Acme, a transfer down to Acme Nord, Acme Nord's past run
  const admin = user('admin@tessera.test');
  const referent = user('referent@acme.test');
  const runTotal = 10 * 2_500;
  const transfer = 30_000 + runTotal;
  applyWalletMoves(db, store, acme.id, [{ type: 'WALLET_RELOAD', reason: 'FUNDING', amountCents: 2_000_000 + transfer, note: 'Plafond 2026' }], { user: admin, at: at(60).toISOString(), instance: '/seed' });
  const moved = at(30).toISOString();
  applyWalletMoves(db, store, acme.id, [{ type: 'WALLET_RELOAD', reason: 'TRANSFER_OUT', amountCents: -transfer, counterpartCompanyId: nord.id }], { user: referent, at: moved, instance: '/seed' });
  applyWalletMoves(db, store, nord.id, [{ type: 'WALLET_RELOAD', reason: 'TRANSFER_IN', amountCents: transfer, counterpartCompanyId: acme.id }], { user: referent, at: moved, instance: '/seed' });
  const nordCards = store.cards.filter((c) => c.companyId === nord.id);
  const rows = nordCards.slice(200, 210).map((card, i) => ({ row: i + 1, cardId: card.id, amountCents: 2_500 }));
  createRun(db, store, { companyId: nord.id, user: user('operator@acme-nord.test'), source: 'MANUAL', fileName: null, scheduledAt: null, rows }, at(10), '/seed');

  store.notifications.set(nord.id, {
    id: nord.id,
    companyId: nord.id,
    recipients: ['operator@acme-nord.test'],
    lowBalanceEnabled: true,
    lowBalanceThresholdCents: 10_000,
    runCompletedEnabled: true,
    runFailedEnabled: true,
    monthlyStatementEnabled: true,
    updatedAt: at(30).toISOString(),
  });
  return store;
}
