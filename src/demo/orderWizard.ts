import type { Identifier } from 'react-admin';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import {
  byStockRunSize,
  canOrder,
  createOrderSchema,
  keptItemFiles,
  makeOrderItemSchema,
  MAX_ORDER_CARDS,
  MAX_STOCK_RUNS,
  orderConfigurationSchema,
  orderRefusalStatus,
  orderStockQuerySchema,
  parseNamesList,
  rangesTotal,
  typologyTypeFor,
  VALID_MONTHS_DEFAULT,
  type OrderAction,
  type OrderConfiguration,
  type OrderDetail,
  type OrderItem,
  type OrderItemBody,
  type OrderStockRun,
  type ProgressiveRange,
  type Recipient,
} from '../../domain/orders';
import type { DemoContext } from './context';
import { subtreeIds } from './db';
import { apiError, notFound, parseOr400 } from './errors';
import { deleteOrder, demoOrderRecord, demoOrdersOf } from './orders';

/**
 * The order wizard's calls in memory (server/modules/orders/service.ts: createOrder, addItem,
 * editItem, removeItem, configureOrder, deleteOrder; repository `stockRuns`): drafts saved in the
 * demo's order store (orders.ts), checked with the API's schemas, the catalog's value rules, the
 * files' own bytes and the stock the order may draw ranges from; the same codes and field errors.
 */
const ORDERS = 'privative-orders/orders';
const ORDER_KIND = 8;
const ITEM_KIND = 9;

type StoredOrder = ReturnType<typeof demoOrdersOf>[number];

const base = (ctx: DemoContext) => `/api/company/${ctx.actor().companyId}/giftcard/orders`;
const invalid = (instance: string, errors: Record<string, string>, detail = 'The request is not valid') => apiError(400, 'VALIDATION_ERROR', instance, detail, errors);

function draftOr404(ctx: DemoContext, id: Identifier, access: string, action: OrderAction): { order: StoredOrder; instance: string } {
  const { companyIds, user } = ctx.require(ORDERS, access);
  const instance = `${base(ctx)}/${String(id)}`;
  const order = demoOrdersOf(ctx.db).find((o) => o.id === String(id) && companyIds.has(o.placedByCompanyId));
  if (!order) throw notFound(instance);
  const isProvider = ctx.db.companies.find((c) => c.id === user.companyId)?.isProvider === true;
  const answer = canOrder(action, order, { isProvider });
  if (!answer.allowed) throw apiError(orderRefusalStatus(answer.reason), answer.reason, instance, 'The order is not in a state that allows this');
  return { order, instance };
}

/** The unsold physical cards an order of the user's company may draw on: the provider's and its own subtree's, without an order. */
function stockCards(ctx: DemoContext, typologyId: string) {
  const { user } = ctx.actor();
  const own = subtreeIds(ctx.db, user.companyId);
  const providers = new Set(ctx.db.companies.filter((c) => c.isProvider).map((c) => c.id));
  return ctx.db.cards.filter((card) => card.typologyId === typologyId && card.status === 'NOT_ACTIVE' && !card.orderReference && (own.has(card.companyId) || providers.has(card.companyId)));
}

export function createOrderDraft(ctx: DemoContext, raw: unknown): OrderDetail {
  const { companyIds, companyId } = ctx.require(ORDERS, 'create');
  const instance = base(ctx);
  const body = parseOr400(createOrderSchema, raw, instance);
  if (!companyIds.has(body.subCompanyId)) throw invalid(instance, { subCompanyId: 'validation.invalid' });
  const orders = demoOrdersOf(ctx.db);
  const receiver = ctx.db.companies.find((c) => c.id === body.subCompanyId)!;
  const placer = ctx.db.companies.find((c) => c.id === companyId)!;
  const last = orders.reduce((max, o) => Math.max(max, Number(o.number.slice(4)) || 0), 0);
  const now = new Date().toISOString();
  const order: StoredOrder = {
    id: ctx.db.newId(ORDER_KIND),
    number: `ORD-${String(last + 1).padStart(6, '0')}`,
    companyId: receiver.id,
    companyName: receiver.companyName,
    placedByCompanyId: placer.id,
    placedByCompanyName: placer.companyName,
    shippingType: body.shippingType,
    state: 'NEW',
    activated: false,
    activatedAt: null,
    referentName: null,
    referentEmail: null,
    validMonths: VALID_MONTHS_DEFAULT,
    companyOrderNumber: null,
    sendEmailToCompanyContact: false,
    autoActivate: false,
    shippingAddress: null,
    expireDate: null,
    trackingCarrier: null,
    trackingNumber: null,
    trackingLink: null,
    shippedAt: null,
    deliveredAt: null,
    errorCode: null,
    totalCents: 0,
    physicalCards: 0,
    digitalCards: 0,
    confirmedAt: null,
    cancelledAt: null,
    createdAt: now,
    updatedAt: now,
    items: [],
    jobSteps: 1,
    cancelledFrom: null,
  };
  orders.push(order);
  return demoOrderRecord(order);
}

/** Runs of consecutive progressives per lot, largest first (at most MAX_STOCK_RUNS, `byStockRunSize`). */
export function orderStock(ctx: DemoContext, typologyId: Identifier): OrderStockRun[] {
  ctx.require(ORDERS, 'create');
  const query = parseOr400(orderStockQuerySchema, { typologyId: String(typologyId) }, `${base(ctx)}/stock`);
  const cards = stockCards(ctx, query.typologyId).sort((a, b) => a.progressive - b.progressive);
  const runs: OrderStockRun[] = [];
  for (const card of cards) {
    const last = runs[runs.length - 1];
    if (last && last.to === card.progressive - 1 && last.lotNumber === card.lotNumber) {
      last.to = card.progressive;
      last.count += 1;
    } else {
      runs.push({ from: card.progressive, to: card.progressive, count: 1, lotNumber: card.lotNumber });
    }
  }
  return runs.sort(byStockRunSize).slice(0, MAX_STOCK_RUNS);
}

function bytesOf(content: string, field: string, instance: string): Uint8Array {
  const text = atob(content);
  if (text.length > MAX_UPLOAD_BYTES) throw apiError(413, 'FILE_TOO_LARGE', instance, 'The file is larger than 5 MB', { [field]: 'validation.fileTooLarge' });
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The image type the first bytes say (the server's sniffImage). */
function sniffImage(data: Uint8Array): string | null {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return png.every((b, i) => data[i] === b) ? 'image/png' : null;
}

function rangesAvailable(ctx: DemoContext, typologyId: string, ranges: readonly ProgressiveRange[]): boolean {
  const free = new Set(stockCards(ctx, typologyId).map((card) => card.progressive));
  return ranges.every((range) => {
    for (let p = range.from; p <= range.to; p += 1) if (!free.has(p)) return false;
    return true;
  });
}

/** The item as the API saves it, or the API's refusal (service.ts prepareItem); an edit keeps the saved files it does not replace. */
function prepareItem(ctx: DemoContext, order: StoredOrder, raw: unknown, instance: string, saved: OrderItem | null): OrderItem {
  const item = parseOr400(makeOrderItemSchema(order.shippingType, { savedNamesList: Boolean(saved?.namesListName) }), raw, instance) as OrderItemBody;
  const kept = keptItemFiles(item, saved);
  const typology = ctx.db.typologies.find((t) => t.id === item.typologyId);
  if (!typology || typology.type !== typologyTypeFor(order.shippingType)) throw invalid(instance, { typologyId: 'validation.invalid' });
  let valueCents: number;
  if (typology.variableValue || typology.valueCents === null) {
    if (item.valueCents === undefined) throw invalid(instance, { valueCents: 'validation.required' });
    valueCents = item.valueCents;
  } else {
    valueCents = typology.valueCents;
    if (item.valueCents !== undefined && item.valueCents !== valueCents) throw invalid(instance, { valueCents: 'validation.invalid' });
  }
  if (item.template && sniffImage(bytesOf(item.template.content, 'template', instance)) !== item.template.type) {
    throw apiError(415, 'FILE_TYPE_NOT_ALLOWED', instance, 'The template must be a JPG or PNG image', { template: 'validation.fileType' });
  }
  let recipients: Recipient[] | null = null;
  if (item.namesList) {
    const list = parseNamesList(new TextDecoder().decode(bytesOf(item.namesList.content, 'namesList', instance)));
    if (!list.ok) throw apiError(400, 'FILE_UNREADABLE', instance, `The names list is not valid (line ${list.line})`, { namesList: 'validation.orderNamesList' });
    recipients = list.recipients;
  }
  if (item.ranges && !rangesAvailable(ctx, item.typologyId, item.ranges)) throw invalid(instance, { ranges: 'validation.orderRangeUnavailable' }, 'Some progressives of the ranges are not available');
  const quantity = item.ranges ? rangesTotal(item.ranges) : recipients ? recipients.length : kept.namesList ? saved!.quantity : item.quantity!;
  return {
    id: saved?.id ?? ctx.db.newId(ITEM_KIND),
    orderId: order.id,
    typologyId: typology.id,
    typologyName: typology.name,
    quantity,
    valueCents,
    priceCents: quantity * valueCents,
    ranges: item.ranges ?? null,
    templateName: kept.template ? saved!.templateName : (item.template?.name ?? null),
    namesListName: kept.namesList ? saved!.namesListName : (item.namesList?.name ?? null),
    recipients: kept.namesList ? saved!.recipients : (recipients?.length ?? 0),
    createdAt: new Date().toISOString(),
  };
}

/** The order's totals from its items; an order holds at most MAX_ORDER_CARDS cards. */
function saveItems(order: StoredOrder, items: OrderItem[], instance: string): void {
  const cards = items.reduce((sum, item) => sum + item.quantity, 0);
  if (cards > MAX_ORDER_CARDS) throw invalid(instance, { quantity: 'validation.orderQuantity' }, `An order holds at most ${MAX_ORDER_CARDS} cards`);
  const physical = order.shippingType !== 'DIGITAL';
  Object.assign(order, {
    items,
    totalCents: items.reduce((sum, item) => sum + item.priceCents, 0),
    physicalCards: physical ? cards : 0,
    digitalCards: physical ? 0 : cards,
    updatedAt: new Date().toISOString(),
  });
}

export function addOrderItem(ctx: DemoContext, orderId: Identifier, body: unknown): OrderItem {
  const { order, instance } = draftOr404(ctx, orderId, 'edit', 'addItem');
  const item = prepareItem(ctx, order, body, `${instance}/items`, null);
  saveItems(order, [...order.items, item], `${instance}/items`);
  return { ...item };
}

export function editOrderItem(ctx: DemoContext, orderId: Identifier, itemId: Identifier, body: unknown): OrderItem {
  const { order, instance } = draftOr404(ctx, orderId, 'edit', 'editItem');
  const at = order.items.findIndex((i) => i.id === String(itemId));
  if (at < 0) throw notFound(`${instance}/items/${String(itemId)}`);
  const item = { ...prepareItem(ctx, order, body, `${instance}/items/${String(itemId)}`, order.items[at]), createdAt: order.items[at].createdAt };
  saveItems(order, order.items.map((i, n) => (n === at ? item : i)), `${instance}/items/${String(itemId)}`);
  return { ...item };
}

export function removeOrderItem(ctx: DemoContext, orderId: Identifier, itemId: Identifier): OrderDetail {
  const { order, instance } = draftOr404(ctx, orderId, 'edit', 'removeItem');
  if (!order.items.some((i) => i.id === String(itemId))) throw notFound(`${instance}/items/${String(itemId)}`);
  saveItems(order, order.items.filter((i) => i.id !== String(itemId)), instance);
  return demoOrderRecord(order);
}

export function configureOrder(ctx: DemoContext, orderId: Identifier, raw: OrderConfiguration): OrderDetail {
  const { order, instance } = draftOr404(ctx, orderId, 'edit', 'editConfiguration');
  const body = parseOr400(orderConfigurationSchema, raw, instance);
  Object.assign(order, body, { updatedAt: new Date().toISOString() });
  return demoOrderRecord(order);
}

export function deleteOrderDraft(ctx: DemoContext, orderId: Identifier): void {
  deleteOrder(ctx, orderId);
}
