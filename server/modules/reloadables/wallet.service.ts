import type { FundWalletBody, TransferBody, Wallet } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { assertCan } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { isInSubtree } from '../../db/company-scope';
import type { CompanyActor } from '../../lib/access';
import { runIdempotent, unwrap, type IdempotencyRequest } from '../../lib/idempotency';
import { applyWalletMoves, lockWallet } from './ledger.repository';
import { checkLowBalance } from './notifications';
import { walletOf } from './wallet.repository';

/**
 * Money into and between wallets (README "Funding", "Parent → sub-company"). Each call is one
 * transaction through ledger.repository.ts, with its Idempotency-Key row: a replay answers the same wallets
 * and moves nothing.
 */

async function walletIn(db: Db, companyId: string): Promise<Wallet> {
  const wallet = await walletOf(db, companyId);
  if (!wallet) throw notFound();
  return wallet;
}

/** Provider staff put money into the route company's wallet (FORBIDDEN for anyone else, whatever their flags). */
export async function fundWallet(ctx: AppContext, actor: CompanyActor, body: FundWalletBody, idempotency: IdempotencyRequest | null): Promise<Wallet> {
  assertCan(actor, 'reloadables/wallet', 'fund');
  const outcome = await runIdempotent(ctx.db, idempotency, async (tx) => {
    const wallet = await lockWallet(tx, actor.companyId);
    await applyWalletMoves(tx, wallet, [{ type: 'WALLET_RELOAD', reason: 'FUNDING', amountCents: body.amountCents, note: body.note ?? null, userId: actor.userId }]);
    // money in may lift the wallet back above the threshold: the low-balance mail re-arms
    await checkLowBalance(tx, ctx, actor.companyId);
    return { ok: true as const, body: await walletIn(tx, actor.companyId) };
  });
  ctx.jobs.wake();
  return unwrap(outcome);
}

/**
 * `{subCompanyId}` as the route company's sub-company: 400 NOT_A_SUB_COMPANY for the company
 * itself, 404 for anything outside its subtree (unknown or another tree: nothing is told).
 */
export async function assertSubCompany(db: Db, companyId: string, subCompanyId: string): Promise<void> {
  if (subCompanyId === companyId) throw new ApiError(400, 'NOT_A_SUB_COMPANY', 'A company is not its own sub-company');
  if (!(await isInSubtree(db, companyId, subCompanyId))) throw notFound();
}

/**
 * Moves plafond between the route company and one of its sub-companies (any depth): TO_SUB
 * down, FROM_SUB back up. Both wallets are locked in company-id order (two transfers in
 * opposite directions never deadlock); the giver's available balance must cover the amount
 * (409 WALLET_INSUFFICIENT with params.shortfallCents, nothing moved). Then a TRANSFER_OUT and a
 * TRANSFER_IN movement, and the low-balance check of both wallets in the same transaction.
 */
export async function transfer(
  ctx: AppContext,
  actor: CompanyActor,
  subCompanyId: string,
  body: TransferBody,
  idempotency: IdempotencyRequest | null,
): Promise<{ parent: Wallet; sub: Wallet }> {
  await assertSubCompany(ctx.db, actor.companyId, subCompanyId);
  const parentId = actor.companyId;
  const toSub = (body.direction ?? 'TO_SUB') === 'TO_SUB';
  const [giverId, receiverId] = toSub ? [parentId, subCompanyId] : [subCompanyId, parentId];
  const outcome = await runIdempotent(ctx.db, idempotency, async (tx) => {
    const locked = new Map<string, Awaited<ReturnType<typeof lockWallet>>>();
    for (const id of [giverId, receiverId].sort()) locked.set(id, await lockWallet(tx, id));
    const note = body.note ?? null;
    await applyWalletMoves(tx, locked.get(giverId)!, [
      { type: 'WALLET_RELOAD', reason: 'TRANSFER_OUT', amountCents: -body.amountCents, counterpartCompanyId: receiverId, note, userId: actor.userId },
    ]);
    await applyWalletMoves(tx, locked.get(receiverId)!, [
      { type: 'WALLET_RELOAD', reason: 'TRANSFER_IN', amountCents: body.amountCents, counterpartCompanyId: giverId, note, userId: actor.userId },
    ]);
    await checkLowBalance(tx, ctx, giverId);
    await checkLowBalance(tx, ctx, receiverId);
    return { ok: true as const, body: { parent: await walletIn(tx, parentId), sub: await walletIn(tx, subCompanyId) } };
  });
  ctx.jobs.wake();
  return unwrap(outcome);
}
