import type { ReloadRunDetail, ReloadSource, ReloadValidation } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { IdempotencyRequest } from '../giftcards/idempotency';

// scaffold: the signatures other files call; filled in by the issue-10 reloads work

/** Who runs reloads: the route's company (whose wallet pays) and its subtree. */
export interface ReloadActor {
  userId: string;
  /** the route's {companyId}: its wallet pays, its cards (exactly this company's) are reloaded */
  companyId: string;
  isProvider: boolean;
}

export interface RunRowInput {
  /** file line or position in the selection (1-based) */
  row: number;
  cardId?: string;
  cardNumber?: string;
  amountCents: number;
}

/**
 * Checks rows without writing: each card must be the company's, reloadable now (or at
 * `at`, for a plan) by its amount within the caps (rows of one card add up; a card twice is
 * RELOAD_CARD_DUPLICATE), and the wallet must cover the total (shortfall reported).
 */
export async function checkRows(_db: Db, _ctx: AppContext, _actor: ReloadActor, _rows: readonly RunRowInput[], _at: Date): Promise<ReloadValidation> {
  throw new Error('not built yet');
}

/**
 * Creates a run and, when it is not planned, runs it before answering. All-or-nothing: a bad row
 * → 400 RELOAD_ROWS_INVALID (errors `rows.<row>.<field>`), a wallet that does not cover the total
 * → 409 WALLET_INSUFFICIENT (params.shortfallCents); nothing written in either case.
 * With an idempotency request a replay answers the same run.
 */
export async function createRun(
  _ctx: AppContext,
  _actor: ReloadActor,
  _input: { source: ReloadSource; fileName?: string | null; scheduledAt?: Date | null; rows: readonly RunRowInput[] },
  _idempotency: IdempotencyRequest | null,
): Promise<ReloadRunDetail> {
  throw new Error('not built yet');
}
