import { generateCardCodes } from '../../../domain/codes';
import type { ApiErrorCode } from '../../../domain/errors';
import { orderCardsExpiry, type Order } from '../../../domain/orders';
import type { Db } from '../../db/client';
import { allocateProgressives } from '../catalog/progressives.repository';
import { applyChanges, lockCards, type CardChange, type LockedCard } from '../giftcards/ledger.repository';
import { insertSoldCards, itemsToIssue, lockRangeCards, sellRange, tieRecipientsToMinted, type IssueItem, type MintTarget } from './cards.repository';
import { markOrderActivated, orderCardIds } from './repository';

/**
 * What an order does to its cards, inside the caller's transaction: issue (mint digital codes or
 * take physical ranges; cards SOLD with SOLD ledger rows), activate (ACTIVATE rows: ACTIVE with
 * their value) and void (CANCEL rows: balance to zero, DISABLED). Every card change goes through
 * the ledger (server/modules/giftcards/ledger.repository.ts) under the card's row lock.
 */
export class OrderRefusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly detail: string,
  ) {
    super(code);
    this.name = 'OrderRefusal';
  }
}

/** Issues every item of an order that is being issued (state IN_PROGRESS, locked by the caller). */
export async function issueOrderCards(tx: Db, order: Order, userId: string | null): Promise<number> {
  const items = await itemsToIssue(tx, order.id);
  let cards = 0;
  for (const item of items) {
    cards += order.shippingType === 'DIGITAL' ? await mintDigital(tx, order, item, userId) : await takeRanges(tx, order, item, userId);
  }
  return cards;
}

async function mintDigital(tx: Db, order: Order, item: IssueItem, userId: string | null): Promise<number> {
  const target: MintTarget = { companyId: order.companyId, typologyId: item.typology_id, orderReference: order.number, valueCents: Number(item.value_cents) };
  const first = await mintCards(tx, target, item.quantity, userId);
  await tieRecipientsToMinted(tx, item.id, target, first);
  return item.quantity;
}

/**
 * Mints `quantity` digital cards SOLD (one SOLD ledger row each) with consecutive progressives of
 * the typology, in the caller's transaction: the core of a digital order's issue, shared with
 * integrated orders (server/modules/integrated-orders). Answers the first progressive.
 */
export async function mintCards(tx: Db, target: MintTarget, quantity: number, userId: string | null): Promise<number> {
  // the same counter batches take theirs from: consecutive, disjoint from anyone else's
  const { from: first } = await allocateProgressives(tx, target.typologyId, quantity);
  let pending = Array.from({ length: quantity }, (_, i) => first + i);
  // a code already in the system (about 2^-79 per card) is skipped by the unique index and minted again
  while (pending.length > 0) {
    const codes = generateCardCodes(pending.length);
    const rows = pending.map((progressive, i) => ({ code: codes[i], progressive }));
    const done = new Set(await insertSoldCards(tx, target, rows, userId));
    pending = pending.filter((p) => !done.has(p));
  }
  return first;
}

/**
 * Physical ranges: every progressive must be an unsold card of the typology (NOT_ACTIVE, no order)
 * held by the provider or by the placing company's subtree.
 */
async function takeRanges(tx: Db, order: Order, item: IssueItem, userId: string | null): Promise<number> {
  let total = 0;
  for (const range of item.ranges ?? []) {
    const cards = await lockRangeCards(tx, order.placedByCompanyId, item.typology_id, range);
    const size = range.to - range.from + 1;
    if (cards.length !== size || cards.some((c) => !c.stock)) {
      throw new OrderRefusal('ORDER_RANGE_UNAVAILABLE', `Progressives ${range.from}–${range.to} are not all available`);
    }
    await sellRange(tx, item.typology_id, range, { companyId: order.companyId, orderReference: order.number, valueCents: Number(item.value_cents) }, userId);
    total += size;
  }
  return total;
}

/** The order's cards, locked (id order, as every other locker does). */
export async function lockOrderCards(tx: Db, order: Order): Promise<LockedCard[]> {
  return lockCards(tx, [order.companyId], await orderCardIds(tx, order));
}

/** A card counts as used once it was consumed or has a hold at a store. */
export const isUsed = (card: LockedCard) => card.everConsumed || card.frozenCents > 0;

/**
 * Activates the order's sold cards: ACTIVATE rows adding each card's value; expiry the order's
 * edited day, else `valid months` from now. Cards someone blocked meanwhile stay as they are.
 */
export async function activateOrderCards(tx: Db, order: Order, userId: string | null, now = new Date()): Promise<number> {
  const expireDate = orderCardsExpiry({ ...order, activatedAt: now });
  const count = await activateSoldCards(tx, await lockOrderCards(tx, order), userId, now, () => expireDate);
  await markOrderActivated(tx, order.id, now);
  return count;
}

/**
 * The SOLD ones of locked cards → ACTIVE with their value (ACTIVATE rows), expiring at `expiry(card)`:
 * an order's activation, and an integrated order's cards at once (server/modules/integrated-orders).
 */
export async function activateSoldCards(tx: Db, cards: readonly LockedCard[], userId: string | null, now: Date, expiry: (card: LockedCard) => Date | null): Promise<number> {
  const changes: CardChange[] = cards
    .filter((card) => card.status === 'SOLD')
    .map((card) => ({
      card,
      entry: { type: 'ACTIVATE', amountCents: card.valueCents ?? card.typologyValueCents ?? 0, patch: { status: 'ACTIVE', activationDate: now, expireDate: expiry(card) } },
    }));
  await applyChanges(tx, changes, userId);
  return changes.length;
}

/** Voids the order's cards (CANCEL rows: what is on them goes, the card is DISABLED and marked voided for good), or refuses when one was used. */
export async function voidOrderCards(tx: Db, order: Order, userId: string | null): Promise<ApiErrorCode | null> {
  const cards = await lockOrderCards(tx, order);
  if (cards.some(isUsed)) return 'ORDER_CARDS_USED';
  await applyChanges(
    tx,
    cards.map((card) => ({
      card,
      entry: { type: 'CANCEL', amountCents: -card.balanceCents, frozenDeltaCents: -card.frozenCents, releasesHolds: true, patch: { status: 'DISABLED', enabledStatus: null, voided: true } },
    })),
    userId,
  );
  return null;
}
