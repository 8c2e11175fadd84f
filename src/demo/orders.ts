import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import { CSV_BOM, CSV_SEPARATOR, csvLine, localDateTimeFormatter, type CsvFormat } from '../../domain/csv';
import type { ApiErrorCode } from '../../domain/errors';
import { rangeEndExclusive, rangeStart, type ExportLanguage, type GiftCard } from '../../domain/giftcards';
import { csvAmount } from '../../domain/format';
import {
  canOrder,
  isTodayOrLater,
  issuedStateFor,
  ORDER_SORT_FIELDS,
  orderCsvCells,
  orderCsvHeader,
  orderCardsExpiry,
  orderConfirmRefusal,
  orderExpirySchema,
  orderFilterSchema,
  orderRefusalStatus,
  orderTrackingSchema,
  type Order,
  type OrderAction,
  type OrderCsvTexts,
  type OrderDetail,
  type OrderFilter,
  type OrderItem,
  type OrderState,
  type OrderTracking,
  type ShippingType,
  type OrderCodeFormat,
} from '../../domain/orders';
import enGiftcards from '../../locales/en/giftcards.json';
import enScreens from '../../locales/en/orderScreens.json';
import enTexts from '../../locales/en/translation.json';
import itGiftcards from '../../locales/it/giftcards.json';
import itScreens from '../../locales/it/orderScreens.json';
import itTexts from '../../locales/it/translation.json';
import type { OrderView } from '../dataProvider/types';
import { cardCode, giftCard, type CardRow } from '../test/builders';
import type { DemoContext } from './context';
import { KIND, type DemoDb } from './db';
import { apiError, notFound, parseOr400 } from './errors';
import { applyChange, cardRecord, idempotent } from './ledger';
import { page, sortParam } from './lists';
import { onePagePdf } from './pdf';

/**
 * Gift-card orders in memory (server/modules/orders): the placed and acquired views, their
 * filters and sorts, the order's cards and codes CSV, and every action with the transition table
 * of domain/orders.ts (`canOrder`) and the API's codes. The issue and cancel jobs run as the page
 * polls: a confirmed order moves PENDING → IN_PROGRESS → issued on the next reads.
 */
const ORDER_KIND = 8;
const ITEM_KIND = 9;
const ORDERS = 'privative-orders/orders';
const ACQUIRED = 'privative-orders/acquired-orders';

interface DemoOrder extends OrderDetail {
  /** reads left before the running job makes its next step (issue, cancel) */
  jobSteps: number;
  /** the state a cancel returns to when a card was used meanwhile */
  cancelledFrom: OrderState | null;
}

const byDb = new WeakMap<DemoDb, DemoOrder[]>();

const resourceOf = (view: OrderView) => (view === 'placed' ? ORDERS : ACQUIRED);
const pathOf = (ctx: DemoContext, view: OrderView) => `/api/company/${ctx.actor().companyId}/giftcard/${view === 'placed' ? 'orders' : 'acquired-orders'}`;

function nextProgressive(db: DemoDb): number {
  return db.cards.reduce((max, card) => Math.max(max, card.progressive), 0) + 1;
}

function newCode(db: DemoDb): string {
  let code = cardCode(Math.random);
  while (db.cards.some((card) => card.code === code)) code = cardCode(Math.random);
  return code;
}

/** The issue job's work: the order's cards, SOLD with no value yet (activation gives it), one SOLD ledger row each. */
function issueCards(db: DemoDb, order: DemoOrder, now: Date): void {
  let progressive = nextProgressive(db);
  for (const item of order.items) {
    const typology = db.typologies.find((t) => t.id === item.typologyId);
    for (let i = 0; i < item.quantity; i++) {
      const card: CardRow = {
        ...giftCard({
          id: db.newId(KIND.card),
          code: newCode(db),
          progressive: progressive++,
          lotNumber: order.shippingType === 'DIGITAL' ? null : `LOT-${order.number}`,
          orderReference: order.number,
          typologyId: item.typologyId,
          typologyName: item.typologyName,
          companyId: order.companyId,
          companyName: order.companyName,
          status: 'SOLD',
          activationDate: null,
          expireDate: null,
          firstUseDate: null,
          storeId: null,
          storeName: null,
          balanceCents: 0,
          frozenCents: 0,
          createdAt: now.toISOString(),
        }),
        enabledStatus: null,
        everConsumed: false,
        valueCents: typology?.valueCents === null ? item.valueCents : null,
      };
      db.cards.push(card);
      db.cardById.set(card.id, card);
      applyChange(db, card, { type: 'SOLD', amountCents: 0 }, null);
    }
  }
}

const cardsOf = (db: DemoDb, order: Pick<Order, 'number' | 'companyId'>) => db.cards.filter((card) => card.orderReference === order.number && card.companyId === order.companyId);
/** "used" as the server reads it: ever consumed, or holding a freeze. */
const anyCardUsed = (db: DemoDb, order: DemoOrder) => cardsOf(db, order).some((card) => card.everConsumed || card.frozenCents > 0);

function activateCards(db: DemoDb, order: DemoOrder, now: Date): void {
  const expireDate = orderCardsExpiry({ ...order, activatedAt: now })!;
  for (const card of cardsOf(db, order)) {
    if (card.status !== 'SOLD') continue;
    const value = card.valueCents ?? db.typologies.find((t) => t.id === card.typologyId)?.valueCents ?? 0;
    applyChange(db, card, { type: 'ACTIVATE', amountCents: value, patch: { status: 'ACTIVE', activationDate: now.toISOString(), expireDate: expireDate.toISOString() } }, null);
  }
  Object.assign(order, { activated: true, activatedAt: now.toISOString() });
}

function voidCards(db: DemoDb, order: DemoOrder): void {
  for (const card of cardsOf(db, order)) {
    if (card.voided) continue;
    applyChange(db, card, { type: 'CANCEL', amountCents: -card.balanceCents, frozenDeltaCents: -card.frozenCents, patch: { status: 'DISABLED', enabledStatus: null, voided: true } }, null);
  }
}

/** One step of the job working on the order, taken when the order is read (the page polls while it is busy). */
function advanceJob(db: DemoDb, order: DemoOrder): void {
  if (order.jobSteps > 0) {
    order.jobSteps -= 1;
    return;
  }
  const now = new Date();
  const stamp = now.toISOString();
  switch (order.state) {
    case 'PENDING':
      Object.assign(order, { state: 'IN_PROGRESS', jobSteps: 1, updatedAt: stamp });
      break;
    case 'IN_PROGRESS':
      issueCards(db, order, now);
      Object.assign(order, { state: issuedStateFor(order.shippingType), errorCode: null, updatedAt: stamp });
      if (order.autoActivate) activateCards(db, order, now);
      break;
    case 'PENDING_CANCEL':
      Object.assign(order, { state: 'IN_PROGRESS_CANCEL', jobSteps: 1, updatedAt: stamp });
      break;
    case 'IN_PROGRESS_CANCEL':
      if (anyCardUsed(db, order)) {
        Object.assign(order, { state: order.cancelledFrom ?? 'COMPLETED', errorCode: 'ORDER_CARDS_USED', updatedAt: stamp });
      } else {
        voidCards(db, order);
        Object.assign(order, { state: 'CANCELLED', cancelledAt: stamp, updatedAt: stamp });
      }
      break;
    default:
  }
}

// ---------------------------------------------------------------- demo data

function seed(db: DemoDb): DemoOrder[] {
  const company = (code: string) => db.companies.find((c) => c.code === code)!;
  const tessera = company('TESSERA');
  const acme = company('ACME');
  const nord = company('ACME-NORD');
  const [phy25, phy50, digVar, digXmas] = db.typologies;
  const now = Date.now();
  const day = 86_400_000;
  const orders: DemoOrder[] = [];
  let n = 120;
  const make = (spec: {
    by: typeof acme;
    to: typeof acme;
    shippingType: ShippingType;
    state: OrderState;
    daysAgo: number;
    items: Array<[typeof phy25, number, number?]>;
    activated?: boolean;
    tracking?: boolean;
    errorCode?: ApiErrorCode;
    configured?: boolean;
  }) => {
    const createdAt = new Date(now - spec.daysAgo * day).toISOString();
    const id = db.newId(ORDER_KIND);
    const items: OrderItem[] = spec.items.map(([typology, quantity, value]) => {
      const valueCents = typology.valueCents ?? value ?? 2500;
      return { id: db.newId(ITEM_KIND), orderId: id, typologyId: typology.id, typologyName: typology.name, quantity, valueCents, priceCents: quantity * valueCents, ranges: null, templateName: null, namesListName: null, recipients: 0, createdAt };
    });
    const physical = spec.shippingType !== 'DIGITAL';
    const cards = items.reduce((sum, item) => sum + item.quantity, 0);
    const configured = spec.configured ?? true;
    const order: DemoOrder = {
      id,
      number: `ORD-${String((n += 1)).padStart(6, '0')}`,
      companyId: spec.to.id,
      companyName: spec.to.companyName,
      placedByCompanyId: spec.by.id,
      placedByCompanyName: spec.by.companyName,
      shippingType: spec.shippingType,
      state: spec.state,
      activated: spec.activated ?? false,
      activatedAt: spec.activated ? new Date(now - (spec.daysAgo - 1) * day).toISOString() : null,
      referentName: configured ? 'Giulia Rossi' : null,
      referentEmail: configured ? 'giulia.rossi@acme.test' : null,
      validMonths: 12,
      companyOrderNumber: configured ? `PO-2026-${n}` : null,
      sendEmailToCompanyContact: configured,
      autoActivate: false,
      shippingAddress: spec.shippingType === 'PHISICAL_SHIPMENT' ? `${spec.to.address}, ${spec.to.zip} ${spec.to.city} (${spec.to.province})` : null,
      expireDate: null,
      trackingCarrier: spec.tracking ? 'BRT' : null,
      trackingNumber: spec.tracking ? '0631 2026 7781' : null,
      trackingLink: spec.tracking ? 'https://vas.brt.it/vas/sped_det_show.hsm?chisono=063120267781' : null,
      shippedAt: spec.tracking ? new Date(now - (spec.daysAgo - 2) * day).toISOString() : null,
      deliveredAt: null,
      errorCode: spec.errorCode ?? null,
      totalCents: items.reduce((sum, item) => sum + item.priceCents, 0),
      physicalCards: physical ? cards : 0,
      digitalCards: physical ? 0 : cards,
      confirmedAt: spec.state === 'NEW' ? null : createdAt,
      cancelledAt: spec.state === 'CANCELLED' ? new Date(now - (spec.daysAgo - 1) * day).toISOString() : null,
      createdAt,
      updatedAt: createdAt,
      items,
      jobSteps: 1,
      cancelledFrom: null,
    };
    orders.push(order);
    return order;
  };

  make({ by: acme, to: acme, shippingType: 'DIGITAL', state: 'COMPLETED', daysAgo: 60, items: [[digXmas, 6]], activated: true });
  const used = make({ by: acme, to: nord, shippingType: 'PHYSICAL', state: 'COMPLETED', daysAgo: 40, items: [[phy25, 8]] });
  make({ by: tessera, to: acme, shippingType: 'PHISICAL_SHIPMENT', state: 'SHIPPED', daysAgo: 30, items: [[phy50, 10]], tracking: true });
  make({ by: acme, to: acme, shippingType: 'DIGITAL', state: 'CANCELLED', daysAgo: 25, items: [[digVar, 4, 3000]] });
  make({ by: tessera, to: acme, shippingType: 'DIGITAL', state: 'COMPLETED', daysAgo: 20, items: [[digVar, 5, 5000]], activated: true });
  make({ by: acme, to: nord, shippingType: 'PHYSICAL', state: 'ERROR', daysAgo: 12, items: [[phy50, 20]], errorCode: 'ORDER_RANGE_UNAVAILABLE' });
  make({ by: acme, to: acme, shippingType: 'PHISICAL_SHIPMENT', state: 'SHIPMENT_IN_PROGRESS', daysAgo: 8, items: [[phy25, 12]] });
  make({ by: acme, to: acme, shippingType: 'DIGITAL', state: 'COMPLETED', daysAgo: 5, items: [[digVar, 10, 2500], [digXmas, 2]] });
  make({ by: acme, to: nord, shippingType: 'DIGITAL', state: 'PENDING', daysAgo: 0.02, items: [[digVar, 3, 2000]] });
  make({ by: acme, to: acme, shippingType: 'DIGITAL', state: 'NEW', daysAgo: 0.01, items: [[digVar, 25, 2500]], configured: false });

  const stamp = new Date(now - 70 * day);
  for (const order of orders) {
    if (order.state === 'NEW' || order.state === 'PENDING' || order.state === 'ERROR') continue;
    issueCards(db, order, stamp);
    if (order.activated) activateCards(db, order, new Date(order.activatedAt!));
    if (order.state === 'CANCELLED') voidCards(db, order);
  }
  // a card of this order was activated and spent on its own: cancelling the order is refused (SPEC §8)
  const spent = cardsOf(db, used)[0];
  applyChange(db, spent, { type: 'ACTIVATE', amountCents: 2500, patch: { status: 'ACTIVE', activationDate: stamp.toISOString() } }, null);
  applyChange(db, spent, { type: 'CONSUME', amountCents: -1000, patch: { everConsumed: true, firstUseDate: stamp.toISOString() } }, null);
  return orders;
}

function ordersOf(db: DemoDb): DemoOrder[] {
  let orders = byDb.get(db);
  if (!orders) {
    orders = seed(db);
    byDb.set(db, orders);
  }
  return orders;
}

// ---------------------------------------------------------------- reads

function inView(view: OrderView, companyIds: Set<string>, order: Order): boolean {
  return view === 'placed' ? companyIds.has(order.placedByCompanyId) : companyIds.has(order.companyId) && !companyIds.has(order.placedByCompanyId);
}

function record(order: DemoOrder): OrderDetail {
  const { jobSteps: _j, cancelledFrom: _c, items, ...rest } = order;
  return { ...rest, items: items.map((item) => ({ ...item })) };
}

function listRecord(order: DemoOrder): Order {
  const { items: _items, ...rest } = record(order);
  return rest;
}

function matches(order: DemoOrder, filter: OrderFilter): boolean {
  const created = new Date(order.createdAt).getTime();
  return (
    (!filter.number || order.number.toUpperCase().startsWith(filter.number.toUpperCase())) &&
    (!filter.dateFrom || created >= rangeStart(filter.dateFrom).getTime()) &&
    (!filter.dateTo || created < rangeEndExclusive(filter.dateTo).getTime()) &&
    (!filter.state || order.state === filter.state) &&
    (!filter.shippingType || order.shippingType === filter.shippingType) &&
    (!filter.typologyId || order.items.some((item) => item.typologyId === filter.typologyId)) &&
    (!filter.companyId || order.companyId === filter.companyId)
  );
}

function filtered(ctx: DemoContext, view: OrderView, filter: unknown, sortBy?: GetListParams['sort']): DemoOrder[] {
  const { companyIds } = ctx.require(resourceOf(view), 'list');
  const instance = pathOf(ctx, view);
  const f = parseOr400(orderFilterSchema, filter ?? {}, instance);
  const sort = sortParam(sortBy, ORDER_SORT_FIELDS, { field: 'createdAt', order: 'DESC' }, instance);
  const dir = sort.order === 'ASC' ? 1 : -1;
  return ordersOf(ctx.db)
    .filter((order) => inView(view, companyIds, order) && matches(order, f))
    .sort((a, b) => (a[sort.field] < b[sort.field] ? -dir : a[sort.field] > b[sort.field] ? dir : a.id < b.id ? -1 : 1));
}

export function listOrders(view: OrderView) {
  return (ctx: DemoContext, params: Partial<GetListParams>): GetListResult<Order> => {
    const rows = filtered(ctx, view, params.filter, params.sort);
    return page(rows, params.pagination, pathOf(ctx, view), listRecord, true);
  };
}

function orderOr404(ctx: DemoContext, view: OrderView, id: Identifier, action: string): DemoOrder {
  const { companyIds } = ctx.require(resourceOf(view), action);
  const order = ordersOf(ctx.db).find((o) => o.id === String(id) && inView(view, companyIds, o));
  if (!order) throw notFound(`${pathOf(ctx, view)}/${String(id)}`);
  return order;
}

export function getOrder(view: OrderView) {
  return (ctx: DemoContext, id: Identifier): OrderDetail => {
    const order = orderOr404(ctx, view, id, 'show');
    advanceJob(ctx.db, order);
    return record(order);
  };
}

export function listOrderCards(ctx: DemoContext, view: OrderView, id: Identifier, range: { offset: number; limit: number }): { data: GiftCard[]; hasNextPage: boolean } {
  const order = orderOr404(ctx, view, id, 'show');
  const cards = cardsOf(ctx.db, order).sort((a, b) => a.progressive - b.progressive);
  const now = new Date();
  return { data: cards.slice(range.offset, range.offset + range.limit).map((card) => cardRecord(card, now)), hasNextPage: cards.length > range.offset + range.limit };
}

// ---------------------------------------------------------------- CSV

const textsOf = (language: ExportLanguage) => (language === 'it' ? itTexts : enTexts).orders;
/** The list CSV's words, as the API reads them (server/modules/orders/export.ts). */
function csvTextsOf(language: ExportLanguage): OrderCsvTexts {
  const screens = language === 'it' ? itScreens : enScreens;
  const shell = textsOf(language);
  return { fields: screens.fields, activation: screens.activation, status: shell.status, shippingType: shell.shippingType };
}
const cardStatusTexts = (language: ExportLanguage): Record<string, string> => (language === 'it' ? itGiftcards : enGiftcards).status;
const moneyOf = (language: ExportLanguage) => (cents: number) => csvAmount(cents, language);

export function exportOrders(ctx: DemoContext, view: OrderView, filter: OrderFilter, format: CsvFormat): Blob {
  ctx.require(resourceOf(view), 'export');
  const t = csvTextsOf(format.language);
  const money = moneyOf(format.language);
  const separator = CSV_SEPARATOR[format.language];
  const time = localDateTimeFormatter(format.timeZone, format.language === 'it' ? 'DD/MM/YYYY HH:mm:ss' : 'YYYY-MM-DD HH:mm:ss');
  const lines = filtered(ctx, view, filter).map((o) => csvLine(orderCsvCells(listRecord(o), t, { time, money }), separator));
  return new Blob([CSV_BOM + csvLine(orderCsvHeader(t), separator) + lines.join('')], { type: 'text/csv;charset=utf-8' });
}

export function orderCodes(ctx: DemoContext, view: OrderView, id: Identifier, { format, language, timeZone }: { format: OrderCodeFormat; language: ExportLanguage; timeZone: string }): Blob {
  const order = orderOr404(ctx, view, id, 'codes');
  refuse(ctx, order, 'downloadCodes', `${pathOf(ctx, view)}/${order.id}/codes`);
  // the API draws every card's front; the demo names the order and its cards on one page
  if (format === 'pdf') return onePagePdf(`Tessera demo - order ${order.number}: ${cardsOf(ctx.db, order).length} cards`);
  const t = textsOf(language).codesCsv;
  const money = moneyOf(language);
  const separator = CSV_SEPARATOR[language];
  const statuses = cardStatusTexts(language);
  const time = localDateTimeFormatter(timeZone, language === 'it' ? 'DD/MM/YYYY HH:mm:ss' : 'YYYY-MM-DD HH:mm:ss');
  const header = csvLine([t.code, t.progressive, t.typology, t.value, t.status, t.recipient, t.email, t.expireDate], separator);
  const lines = cardsOf(ctx.db, order)
    .sort((a, b) => a.progressive - b.progressive)
    .map((card) => {
      const value = card.valueCents ?? ctx.db.typologies.find((t) => t.id === card.typologyId)?.valueCents ?? null;
      return csvLine([card.code, card.progressive, card.typologyName, value === null ? '' : money(value), statuses[card.status] ?? card.status, '', '', card.expireDate ? time(card.expireDate) : ''], separator);
    });
  return new Blob([CSV_BOM + header + lines.join('')], { type: 'text/csv;charset=utf-8' });
}

// ---------------------------------------------------------------- actions

/** The transition table's answer for this order and caller; a refusal is the API's problem. */
function refuse(ctx: DemoContext, order: DemoOrder, action: OrderAction, instance: string): OrderState {
  const { user } = ctx.actor();
  const isProvider = ctx.db.companies.find((c) => c.id === user.companyId)?.isProvider === true;
  const answer = canOrder(action, order, { isProvider });
  if (!answer.allowed) throw apiError(orderRefusalStatus(answer.reason), answer.reason, instance, `The order does not allow ${action} now`);
  return answer.to;
}

function act(ctx: DemoContext, view: OrderView, id: Identifier, action: OrderAction, accessAction: string, change: (order: DemoOrder, to: OrderState, instance: string) => void): OrderDetail {
  const order = orderOr404(ctx, view, id, accessAction);
  const instance = `${pathOf(ctx, view)}/${order.id}/${action}`;
  const to = refuse(ctx, order, action, instance);
  change(order, to, instance);
  order.updatedAt = new Date().toISOString();
  return record(order);
}

export function confirmOrder(ctx: DemoContext, id: Identifier, key: string): Promise<OrderDetail> {
  return idempotent(ctx, key, `orders.confirm:${String(id)}`, {}, `${pathOf(ctx, 'placed')}/${String(id)}/confirm`, () =>
    act(ctx, 'placed', id, 'confirm', 'confirm', (order, to, instance) => {
      const incomplete = orderConfirmRefusal(order, order.items.length);
      if (incomplete) throw apiError(409, incomplete, instance, incomplete === 'ORDER_EMPTY' ? 'The order has no products' : 'The order configuration is not complete');
      Object.assign(order, { state: to, confirmedAt: new Date().toISOString(), jobSteps: 1, errorCode: null });
    }),
  );
}

export function activateOrder(ctx: DemoContext, id: Identifier, key: string): Promise<OrderDetail> {
  return idempotent(ctx, key, `orders.activate:${String(id)}`, {}, `${pathOf(ctx, 'placed')}/${String(id)}/activate`, () =>
    act(ctx, 'placed', id, 'activate', 'activate', (order) => activateCards(ctx.db, order, new Date())),
  );
}

export function cancelOrder(ctx: DemoContext, id: Identifier, key: string): Promise<OrderDetail> {
  return idempotent(ctx, key, `orders.cancel:${String(id)}`, {}, `${pathOf(ctx, 'placed')}/${String(id)}/cancel`, () =>
    act(ctx, 'placed', id, 'cancel', 'cancel', (order, to, instance) => {
      if (anyCardUsed(ctx.db, order)) throw apiError(409, 'ORDER_CARDS_USED', instance, 'Unable to cancel the order. GiftCards have already been used.');
      Object.assign(order, { cancelledFrom: order.state, state: to, jobSteps: 1, errorCode: null });
    }),
  );
}

export const retryOrder = (ctx: DemoContext, id: Identifier): OrderDetail =>
  act(ctx, 'placed', id, 'retry', 'retry', (order, to) => Object.assign(order, { state: to, jobSteps: 1, errorCode: null }));

export function editOrderExpiry(ctx: DemoContext, id: Identifier, expireDate: string): OrderDetail {
  const instance = `${pathOf(ctx, 'placed')}/${String(id)}/expiry`;
  const body = parseOr400(orderExpirySchema, { expireDate }, instance);
  if (!isTodayOrLater(body.expireDate, new Date())) throw apiError(400, 'VALIDATION_ERROR', instance, 'The expiry date is in the past', { expireDate: 'validation.futureDate' });
  return act(ctx, 'placed', id, 'editExpiry', 'editExpiry', (order) => {
    order.expireDate = body.expireDate;
  });
}

export function setOrderTracking(ctx: DemoContext, id: Identifier, tracking: OrderTracking): OrderDetail {
  const body = parseOr400(orderTrackingSchema, tracking, `${pathOf(ctx, 'placed')}/${String(id)}/tracking`);
  return act(ctx, 'placed', id, 'tracking', 'tracking', (order, to) =>
    Object.assign(order, { state: to, trackingCarrier: body.carrier, trackingNumber: body.number, trackingLink: body.link, shippedAt: order.shippedAt ?? new Date().toISOString() }),
  );
}

export const markOrderDelivered = (ctx: DemoContext, view: OrderView, id: Identifier): OrderDetail =>
  act(ctx, view, id, 'delivered', 'delivered', (order, to) => Object.assign(order, { state: to, deliveredAt: new Date().toISOString() }));

export function resendOrderConfirmation(ctx: DemoContext, id: Identifier): { emails: number } {
  let emails = 0;
  act(ctx, 'placed', id, 'resendConfirmation', 'resendConfirmation', (order) => {
    emails = order.sendEmailToCompanyContact ? 2 : 1;
  });
  return { emails };
}

export function deleteOrder(ctx: DemoContext, id: Identifier): Order {
  const orders = ordersOf(ctx.db);
  const order = orderOr404(ctx, 'placed', id, 'delete');
  refuse(ctx, order, 'delete', `${pathOf(ctx, 'placed')}/${order.id}`);
  orders.splice(orders.indexOf(order), 1);
  return listRecord(order);
}

// the order wizard's demo (orderWizard.ts) saves drafts in this same store
export { ordersOf as demoOrdersOf, record as demoOrderRecord };
