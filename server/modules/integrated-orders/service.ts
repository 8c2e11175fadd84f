import { DEFAULT_LANGUAGE, knownLanguage } from '../../../domain/constants';
import { issuesToErrors } from '../../../domain/errors';
import { expiryAtActivation } from '../../../domain/giftcardRules';
import { integratedOrderBodySchema, type IntegratedOrderBody, type IntegratedOrderDetail } from '../../../domain/integratedOrders';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { findCompanyById } from '../companies/repository';
import { activateSoldCards, mintCards } from '../orders/cards';
import { cardCodeMail, queueMailIds } from '../orders/emails';
import { catalogValue } from '../orders/items';
import { lockCards } from '../giftcards/ledger.repository';
import { findByNumber, findInScope, insertItems, insertOrder, mintedCard, typologyName, type NewItem, type StoredOrder } from './repository';
import { textsIn } from '../../lib/texts';
import { sha256 } from '../../lib/tokens';

/**
 * Integrated orders (README.md beside this file): a web shop's order, one digital card per item,
 * minted, activated and e-mailed in the transaction that records the order. Idempotent on the
 * shop's order number within the key's company.
 */

/** Who posts: the key (null for the demo seed) and the actor it acts as (the key's company and subtree). */
export interface IntegratedOrderCaller {
  keyId: string | null;
  actor: Pick<Actor, 'userId' | 'companyId' | 'companyIds'>;
}

/** Cards of integrated orders carry this before the shop's number as their order reference, so they never mix with a B2B order's (`ORD-…`) cards. */
export const CARD_REFERENCE_PREFIX = 'WEB-';

const invalid = (errors: Record<string, string>) => new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', errors);

/** The body as parsed (zod's key order, so the same content hashes alike however the shop orders its keys). */
// the Web Crypto-free hash the demo's browser build has too (lib/tokens.ts)
const hashOf = (body: IntegratedOrderBody) => sha256(JSON.stringify(body));

const strip = ({ requestHash: _hash, ...order }: StoredOrder): IntegratedOrderDetail => order;

/** The stored order answering a post of the same number: the same body gets it back, another is refused. */
function replay(found: StoredOrder, hash: string): { created: false; order: IntegratedOrderDetail } {
  if (found.requestHash !== hash) throw new ApiError(409, 'INTEGRATED_ORDER_CONFLICT', 'An order with this number and another content already exists');
  return { created: false, order: strip(found) };
}

/**
 * Every item's typology must be a DIGITAL one the key's company may order, and its denomination
 * the catalog's (any, for a variable-value typology): the digital B2B item's rule (orders/items.ts
 * catalogValue). A typology refused → 422 with the item's index; a denomination refused → 400.
 */
async function checkItems(db: Db, caller: IntegratedOrderCaller, body: IntegratedOrderBody): Promise<void> {
  const typologies: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const [i, item] of body.items.entries()) {
    const value = await catalogValue(db, caller.actor.companyIds, 'DIGITAL', item.typologyId, item.denominationCents);
    if (!('field' in value)) continue;
    if (value.field === 'typologyId') typologies[`items.${i}.typologyId`] = value.message;
    else values[`items.${i}.denominationCents`] = value.message;
  }
  if (Object.keys(typologies).length > 0) throw new ApiError(422, 'INTEGRATED_ORDER_TYPOLOGY_INVALID', 'An item is not a digital gift card the company can sell', typologies);
  if (Object.keys(values).length > 0) throw invalid(values);
}

/**
 * Creates the order (201, `created`), or answers the one already made with this number and body
 * (200); another body under the same number is refused (409). In one transaction: the order and
 * its items, one digital card per item minted SOLD then ACTIVE with its denomination (expiry by the
 * typology's rule), the serial numbers, and the code e-mail of each item to its activation
 * address in the buyer's language. Two posts of one number at once make one order: the second
 * waits on the unique (company, number) and answers the first's.
 */
export async function createIntegratedOrder(db: Db, ctx: { jobs: Pick<AppContext['jobs'], 'wake'> }, caller: IntegratedOrderCaller, raw: unknown): Promise<{ created: boolean; order: IntegratedOrderDetail }> {
  const parsed = integratedOrderBodySchema.safeParse(raw);
  if (!parsed.success) throw invalid(issuesToErrors(parsed.error.issues));
  const body = parsed.data;
  const hash = hashOf(body);
  const { companyId } = caller.actor;
  const existing = await findByNumber(db, companyId, body.orderNumber);
  if (existing) return replay(existing, hash);
  await checkItems(db, caller, body);

  const language = body.buyerLanguage ?? DEFAULT_LANGUAGE;
  const outcome = await db.transaction(async (tx): Promise<{ id: string } | { winner: StoredOrder }> => {
    const id = await insertOrder(tx, {
      companyId,
      apiKeyId: caller.keyId,
      orderNumber: body.orderNumber,
      orderedAt: body.orderedAt,
      buyerEmail: body.buyerEmail,
      buyerLanguage: language,
      totalCents: body.items.reduce((sum, item) => sum + (item.priceCents ?? item.denominationCents), 0),
      requestHash: hash,
    });
    if (!id) {
      // a concurrent post of this number committed first: its order is the answer
      const winner = await findByNumber(tx, companyId, body.orderNumber);
      if (!winner) throw new Error(`integrated order ${body.orderNumber} vanished`);
      return { winner };
    }
    const company = (await findCompanyById(tx, companyId))!;
    const now = new Date();
    const items: Array<Omit<NewItem, 'outboxId'>> = [];
    for (const [position, item] of body.items.entries()) {
      const progressive = await mintCards(
        tx,
        { companyId, typologyId: item.typologyId, orderReference: CARD_REFERENCE_PREFIX + body.orderNumber, valueCents: item.denominationCents },
        1,
        caller.actor.userId,
      );
      items.push({
        position,
        typologyId: item.typologyId,
        productName: await typologyName(tx, item.typologyId),
        externalItemId: item.externalItemId,
        denominationCents: item.denominationCents,
        priceCents: item.priceCents ?? item.denominationCents,
        giftCardId: await mintedCard(tx, companyId, item.typologyId, progressive),
        serialNumber: String(progressive),
        activationEmail: item.activationEmail ?? body.buyerEmail,
      });
    }
    // sold and active at once, as an auto-activated digital order's cards are; no order validity here, so the typology's expiry rule
    const cards = await lockCards(tx, [companyId], items.map((item) => item.giftCardId));
    await activateSoldCards(tx, cards, caller.actor.userId, now, (card) => expiryAtActivation(card, now));
    const byId = new Map(cards.map((card) => [card.id, card]));
    const outboxIds = await queueMailIds(
      tx,
      items.map((item) => {
        const card = byId.get(item.giftCardId)!;
        return cardCodeMail(
          { to: item.activationEmail, name: textsIn(knownLanguage(language)).integratedOrders.email.recipient, code: card.code, valueCents: item.denominationCents, expireDate: expiryAtActivation(card, now), company: company.name },
          language,
        );
      }),
    );
    await insertItems(
      tx,
      id,
      items.map((item, i) => ({ ...item, outboxId: outboxIds[i] })),
    );
    return { id };
  });
  if ('winner' in outcome) return replay(outcome.winner, hash);
  ctx.jobs.wake();
  const order = await findByNumber(db, companyId, body.orderNumber);
  return { created: true, order: strip(order!) };
}

/** The key's company's order of that number: another company's number answers 404 like an unknown one. */
export async function integratedOrderByNumber(db: Db, caller: IntegratedOrderCaller, orderNumber: string): Promise<IntegratedOrderDetail> {
  const found = await findByNumber(db, caller.actor.companyId, orderNumber);
  if (!found) throw notFound();
  return strip(found);
}

/** An order of the subtree with its items (back office). */
export async function integratedOrderDetail(db: Db, companyIds: readonly string[], id: string): Promise<IntegratedOrderDetail> {
  const found = await findInScope(db, companyIds, id);
  if (!found) throw notFound();
  return strip(found);
}
