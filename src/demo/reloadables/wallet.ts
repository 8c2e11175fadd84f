import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import type { CsvFormat } from '../../../domain/csv';
import { rangeEndExclusive, rangeStart } from '../../../domain/giftcards';
import { fundWalletBodySchema, reloadableUserFilterSchema, transferBodySchema, walletMovementFilterSchema, type FundWalletBody, type TransferBody, type Wallet, type WalletMovement, type WalletMovementFilter } from '../../../domain/reloadables';
import type { DemoContext } from '../context';
import { apiError, notFound, parseOr400 } from '../errors';
import { idempotent } from '../ledger';
import { contains, page, sortParam, sortRows } from '../lists';
import { movementsCsv } from './csv';
import { reloadablesOf } from './seed';
import { applyWalletMoves, movementRecord, walletRecord } from './store';

/**
 * The wallet (plafond) of the company looked at, and a parent's sub-company wallets, as
 * server/modules/reloadables/wallet.routes.ts: balance and movements, provider funding,
 * transfers parent ↔ sub-company, CSV of the movements.
 */
const WALLET = 'reloadables/wallet';
const SUBS = 'reloadables/walletSubCompanies';
const SUB_MOVEMENTS = 'reloadables/walletSubCompanies-movements';
const base = (companyId: string) => `/api/company/${companyId}/reloadable/wallet`;
const subCompanyFilterSchema = reloadableUserFilterSchema;

/** A company strictly below the one looked at: 400 NOT_A_SUB_COMPANY for itself, 404 outside the subtree. */
function subCompanyOf(who: { companyId: string; companyIds: Set<string> }, subCompanyId: unknown, instance: string): string {
  const id = String(subCompanyId ?? '');
  if (id === who.companyId) throw apiError(400, 'NOT_A_SUB_COMPANY', instance, 'The company itself is not one of its sub-companies');
  if (!who.companyIds.has(id)) throw notFound(instance);
  return id;
}

export function getWallet(ctx: DemoContext, subCompanyId?: Identifier): Wallet {
  if (subCompanyId === undefined || subCompanyId === null) {
    const { companyId } = ctx.require(WALLET, 'list');
    return walletRecord(ctx.db, reloadablesOf(ctx.db), companyId);
  }
  return getSubWallet(ctx, subCompanyId);
}

export function getSubWallet(ctx: DemoContext, subCompanyId: Identifier): Wallet & { id: string } {
  const who = ctx.require(SUBS, 'show');
  const id = subCompanyOf(who, subCompanyId, `${base(who.companyId)}/sub-companies/${String(subCompanyId)}`);
  return walletRecord(ctx.db, reloadablesOf(ctx.db), id);
}

function movementsOf(ctx: DemoContext, companyId: string, filter: WalletMovementFilter): WalletMovement[] {
  const from = filter.dateFrom ? rangeStart(filter.dateFrom).getTime() : -Infinity;
  const to = filter.dateTo ? rangeEndExclusive(filter.dateTo).getTime() : Infinity;
  const store = reloadablesOf(ctx.db);
  return store.movements
    .filter((m) => {
      const at = new Date(m.createdAt).getTime();
      return m.companyId === companyId && (!filter.type || m.type === filter.type) && (!filter.reason || m.reason === filter.reason) && at >= from && at < to;
    })
    .sort((a, b) => b.seq - a.seq)
    .map(movementRecord(store));
}

/**
 * Newest first. The API's sort whitelist is `seq` (insertion order); the screens ask for
 * `createdAt`, the same order, so both are taken here (and should be by the API).
 */
function movementPage(ctx: DemoContext, companyId: string, filter: unknown, params: Partial<GetListParams>, instance: string): GetListResult<WalletMovement> {
  const sort = sortParam(params.sort, ['seq', 'createdAt'] as const, { field: 'seq', order: 'DESC' }, instance);
  const rows = movementsOf(ctx, companyId, parseOr400(walletMovementFilterSchema, filter ?? {}, instance));
  return page(sort.order === 'DESC' ? rows : rows.reverse(), params.pagination, instance, (m) => m, false);
}

export function listMovements(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<WalletMovement> {
  const { companyId } = ctx.require(WALLET, 'list');
  return movementPage(ctx, companyId, params.filter, params, `${base(companyId)}/movements`);
}

/** `reloadables/walletSubCompanies-movements`: the filter names the sub-company (`subCompanyId`, the path's). */
export function listSubMovements(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<WalletMovement> {
  const who = ctx.require(SUB_MOVEMENTS, 'list');
  const { subCompanyId, ...rest } = (params.filter ?? {}) as Record<string, unknown>;
  const instance = `${base(who.companyId)}/sub-companies/${String(subCompanyId)}/movements`;
  return movementPage(ctx, subCompanyOf(who, subCompanyId, instance), rest, params, instance);
}

/** The wallets of the companies below the one looked at (`id` = companyId); filter `q`: name or code. */
export function listSubWallets(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<Wallet & { id: string }> {
  const who = ctx.require(SUBS, 'list');
  const instance = `${base(who.companyId)}/sub-companies`;
  const { q } = parseOr400(subCompanyFilterSchema, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, ['companyName'] as const, { field: 'companyName', order: 'ASC' }, instance);
  const store = reloadablesOf(ctx.db);
  const companies = ctx.db.companies.filter((c) => c.id !== who.companyId && who.companyIds.has(c.id) && (!q || contains(c.companyName, q) || contains(c.code, q)));
  const rows = sortRows(companies.map((c) => walletRecord(ctx.db, store, c.id)), (w) => w.companyName, sort.order);
  return page(rows, params.pagination, instance, (w) => w, false);
}

export function exportWalletMovements(ctx: DemoContext, filter: WalletMovementFilter, format: CsvFormat, subCompanyId?: Identifier): Blob {
  if (subCompanyId === undefined || subCompanyId === null) {
    const { companyId } = ctx.require(WALLET, 'export');
    return movementsCsv(movementsOf(ctx, companyId, parseOr400(walletMovementFilterSchema, filter ?? {}, `${base(companyId)}/movements/export`)), format);
  }
  const who = ctx.require(SUB_MOVEMENTS, 'export');
  const instance = `${base(who.companyId)}/sub-companies/${String(subCompanyId)}/movements/export`;
  const id = subCompanyOf(who, subCompanyId, instance);
  return movementsCsv(movementsOf(ctx, id, parseOr400(walletMovementFilterSchema, filter ?? {}, instance)), format);
}

/** Provider staff put money into the wallet of the company looked at (others: 403, even with the flag). */
export function fundWallet(ctx: DemoContext, body: FundWalletBody, key: string): Promise<Wallet> {
  const { user, companyId } = ctx.require(WALLET, 'fund');
  const instance = `${base(companyId)}/fund`;
  if (!ctx.db.companies.find((c) => c.id === user.companyId)?.isProvider) throw apiError(403, 'FORBIDDEN', instance, 'Only provider staff fund a wallet');
  const input = parseOr400(fundWalletBodySchema, body, instance);
  return idempotent(ctx, key, `reloadables.fund:${companyId}`, input, instance, () => {
    const store = reloadablesOf(ctx.db);
    applyWalletMoves(ctx.db, store, companyId, [{ type: 'WALLET_RELOAD', reason: 'FUNDING', amountCents: input.amountCents, note: input.note ?? null }], { user, at: new Date().toISOString(), instance });
    return walletRecord(ctx.db, store, companyId);
  });
}

/** Parent ↔ sub-company (TO_SUB by default): the giver must have it available, or 409 WALLET_INSUFFICIENT and nothing moves. */
export function transferWallet(ctx: DemoContext, subCompanyId: Identifier, body: TransferBody, key: string): Promise<{ parent: Wallet; sub: Wallet }> {
  const who = ctx.require(SUBS, 'transfer');
  const instance = `${base(who.companyId)}/sub-companies/${String(subCompanyId)}/transfer`;
  const subId = subCompanyOf(who, subCompanyId, instance);
  const input = parseOr400(transferBodySchema, body, instance);
  return idempotent(ctx, key, `reloadables.transfer:${who.companyId}:${subId}`, input, instance, () => {
    const store = reloadablesOf(ctx.db);
    const [from, to] = input.direction === 'FROM_SUB' ? [subId, who.companyId] : [who.companyId, subId];
    const at = new Date().toISOString();
    const note = input.note ?? null;
    // the giver first: a refusal there leaves both wallets untouched
    applyWalletMoves(ctx.db, store, from, [{ type: 'WALLET_RELOAD', reason: 'TRANSFER_OUT', amountCents: -input.amountCents, counterpartCompanyId: to, note }], { user: who.user, at, instance });
    applyWalletMoves(ctx.db, store, to, [{ type: 'WALLET_RELOAD', reason: 'TRANSFER_IN', amountCents: input.amountCents, counterpartCompanyId: from, note }], { user: who.user, at, instance });
    return { parent: walletRecord(ctx.db, store, who.companyId), sub: walletRecord(ctx.db, store, subId) };
  });
}
