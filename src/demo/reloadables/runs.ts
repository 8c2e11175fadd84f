import { DEFAULT_RELOAD_CAPS, periodOf, reloadRefusal, type ReloadSource, type ReloadValidation } from '../../../domain/reloadables';
import type { DemoDb, DemoUser } from '../db';
import { applyWalletMoves, creditCard, release, reserve, RELOADABLE_KIND, walletInsufficient, walletOf, type DemoCard, type DemoRun, type ReloadableStore } from './store';

/**
 * Reload runs on the demo's memory, as server/modules/reloadables/reloads.service.ts: rows checked
 * with the domain's `reloadRefusal` (caps DEFAULT_RELOAD_CAPS), all-or-nothing against the
 * plafond, a planned run's total reserved until it runs, each row checked again at run time.
 */

export interface RunRowInput {
  /** file line or position in the selection (1-based) */
  row: number;
  cardId?: string;
  cardNumber?: string;
  amountCents: number;
}

/** The message key of a refusal code, as `ReloadValidation.errors` and the 400's `errors` carry it. */
export const codeKey = (code: string) => `errors.codes.${code}`;

/**
 * Checks rows without writing: each card must be exactly the company's (RELOAD_CARD_UNKNOWN),
 * appear once in the run (RELOAD_CARD_DUPLICATE) and be reloadable by its amount at `at`; the
 * wallet's available balance must cover the valid rows (the shortfall says by how much).
 */
/** What planned reloads not yet run ask for the card in the month and the year of `at` (as the API: the caps count them). */
function pendingOf(store: ReloadableStore, cardId: string, at: Date): { month: number; year: number } {
  const period = periodOf(at);
  const pending = { month: 0, year: 0 };
  for (const row of store.rows) {
    if (row.cardId !== cardId || row.state !== 'IN_PROGRESS') continue;
    const run = store.runs.find((candidate) => candidate.id === row.runId);
    const when = periodOf(new Date(run?.scheduledAt ?? run?.createdAt ?? row.insertedAt));
    if (when.month === period.month) pending.month += row.amountCents;
    if (when.year === period.year) pending.year += row.amountCents;
  }
  return pending;
}

export function checkRows(store: ReloadableStore, companyId: string, rows: readonly RunRowInput[], at: Date): ReloadValidation & { cards: DemoCard[] } {
  const out: ReloadValidation & { cards: DemoCard[] } = { rows: [], errors: [], count: 0, totalCents: 0, availableCents: 0, shortfallCents: 0, cards: [] };
  const seen = new Set<string>();
  for (const input of rows) {
    const card = input.cardId ? store.cardById.get(input.cardId) : store.cards.find((c) => c.number === input.cardNumber);
    const refuse = (code: string) => out.errors.push({ row: input.row, field: 'card', code: codeKey(code) });
    if (!card || card.companyId !== companyId) {
      refuse('RELOAD_CARD_UNKNOWN');
      continue;
    }
    if (seen.has(card.id)) {
      refuse('RELOAD_CARD_DUPLICATE');
      continue;
    }
    seen.add(card.id);
    const refusal = reloadRefusal(card, input.amountCents, at, DEFAULT_RELOAD_CAPS, pendingOf(store, card.id, at));
    if (refusal) {
      refuse(refusal);
      continue;
    }
    const holder = card.userId ? store.holders.find((h) => h.id === card.userId) : undefined;
    out.rows.push({ row: input.row, cardId: card.id, cardNumber: card.number, customer: holder ? `${holder.firstName} ${holder.lastName}` : null, amountCents: input.amountCents });
    out.cards.push(card);
  }
  const wallet = walletOf(store, companyId);
  out.count = out.rows.length;
  out.totalCents = out.rows.reduce((sum, r) => sum + r.amountCents, 0);
  out.availableCents = wallet.balanceCents - wallet.reservedCents;
  out.shortfallCents = Math.max(0, out.totalCents - out.availableCents);
  return out;
}

export interface NewRun {
  companyId: string;
  user: DemoUser | null;
  source: ReloadSource;
  fileName: string | null;
  /** null: run now */
  scheduledAt: string | null;
  /** checked rows (checkRows' `rows`): every card exists, may take its amount, appears once */
  rows: ReadonlyArray<{ row: number; cardId: string; amountCents: number }>;
}

/**
 * Writes a run and its rows; a planned run's total is reserved, a run now is credited at once.
 * The wallet must cover the total from its available balance, or nothing is written (409).
 */
export function createRun(db: DemoDb, store: ReloadableStore, input: NewRun, at: Date, instance: string): DemoRun {
  const totalCents = input.rows.reduce((sum, r) => sum + r.amountCents, 0);
  const wallet = walletOf(store, input.companyId);
  const available = wallet.balanceCents - wallet.reservedCents;
  if (totalCents > available) throw walletInsufficient(totalCents - available, instance);
  if (input.scheduledAt) reserve(store, input.companyId, totalCents, instance);
  const stamp = at.toISOString();
  const company = db.companies.find((c) => c.id === input.companyId)!;
  const run: DemoRun = {
    id: db.newId(RELOADABLE_KIND),
    number: `RL-${String((store.runNumber += 1)).padStart(6, '0')}`,
    companyId: input.companyId,
    companyName: company.companyName,
    source: input.source,
    fileName: input.fileName,
    state: 'IN_PROGRESS',
    scheduledAt: input.scheduledAt,
    createdAt: stamp,
    startedAt: null,
    completedAt: null,
    rowCount: input.rows.length,
    totalCents,
    creditedCount: 0,
    creditedCents: 0,
    deletedCount: 0,
    userName: input.user ? `${input.user.firstName} ${input.user.lastName}` : null,
    reservedCents: input.scheduledAt ? totalCents : 0,
  };
  store.runs.push(run);
  for (const row of input.rows) {
    const card = store.cardById.get(row.cardId)!;
    store.rows.push({
      id: db.newId(RELOADABLE_KIND),
      runId: run.id,
      position: row.row,
      companyId: input.companyId,
      cardId: row.cardId,
      amountCents: row.amountCents,
      state: 'IN_PROGRESS',
      reason: null,
      insertedAt: stamp,
      initialBalanceCents: card.balanceCents,
      creditedBalanceCents: null,
      creditedAt: null,
    });
  }
  if (!input.scheduledAt) executeRun(db, store, run, at, input.user, instance);
  return run;
}

/**
 * Runs a run's still-planned rows at `at`: each row is checked again (a card locked since is
 * refused: row DELETED with the code as reason, its reservation released), the others credited
 * with one CARD_RELOAD movement each. The run ends COMPLETED.
 */
export function executeRun(db: DemoDb, store: ReloadableStore, run: DemoRun, at: Date, user: DemoUser | null, instance: string): void {
  const stamp = at.toISOString();
  const planned = run.scheduledAt !== null;
  run.startedAt = stamp;
  const rows = store.rows.filter((r) => r.runId === run.id && r.state === 'IN_PROGRESS').sort((a, b) => a.position - b.position);
  for (const row of rows) {
    const card = store.cardById.get(row.cardId)!;
    const refusal = card.companyId !== run.companyId ? 'RELOAD_CARD_UNKNOWN' : reloadRefusal(card, row.amountCents, at, DEFAULT_RELOAD_CAPS);
    if (refusal) {
      Object.assign(row, { state: 'DELETED', reason: refusal });
      if (planned) {
        release(store, run.companyId, row.amountCents);
        run.reservedCents -= row.amountCents;
      }
      run.deletedCount += 1;
      continue;
    }
    const after = creditCard(db, store, card, row.amountCents, { runId: run.id, user, at: stamp });
    applyWalletMoves(db, store, run.companyId, [{ type: 'CARD_RELOAD', reason: 'CARD_RELOAD', amountCents: -row.amountCents, cardId: card.id, runId: run.id }], {
      user,
      at: stamp,
      instance,
      releaseReservedCents: planned ? row.amountCents : 0,
    });
    if (planned) run.reservedCents -= row.amountCents;
    Object.assign(row, { state: 'COMPLETED', creditedBalanceCents: after, creditedAt: stamp });
    run.creditedCount += 1;
    run.creditedCents += row.amountCents;
  }
  // nothing credited (every row refused at run time): the run is DELETED, as the server's finishRun
  Object.assign(run, { state: run.creditedCount > 0 ? 'COMPLETED' : 'DELETED', completedAt: stamp });
}

/** The scheduled work of the server's job: every planned run whose time has come runs now. */
export function runDueRuns(db: DemoDb, store: ReloadableStore, now: Date): void {
  const due = store.runs.filter((r) => r.state === 'IN_PROGRESS' && r.startedAt === null && r.scheduledAt !== null && new Date(r.scheduledAt).getTime() <= now.getTime());
  due.sort((a, b) => a.scheduledAt!.localeCompare(b.scheduledAt!));
  for (const run of due) executeRun(db, store, run, now, null, `/api/company/${run.companyId}/reloadable/reloads/${run.id}`);
}

/** Deletes still-planned rows of a run that has not started, releasing their reservation; a run left with none is DELETED. */
export function deletePlannedRows(store: ReloadableStore, run: DemoRun, rowIds: ReadonlySet<string> | null): void {
  for (const row of store.rows) {
    if (row.runId !== run.id || row.state !== 'IN_PROGRESS' || (rowIds && !rowIds.has(row.id))) continue;
    Object.assign(row, { state: 'DELETED', reason: null });
    release(store, run.companyId, row.amountCents);
    run.reservedCents -= row.amountCents;
    run.deletedCount += 1;
  }
  // a run that has not started has credited nothing: with no row left it is DELETED
  if (!store.rows.some((r) => r.runId === run.id && r.state === 'IN_PROGRESS')) Object.assign(run, { state: 'DELETED', completedAt: new Date().toISOString() });
}
