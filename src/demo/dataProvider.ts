import fakeRestDataProvider from 'ra-data-fakerest';
import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import { RESOURCE_NAMES } from '../../domain/access';
import type { CardMoveResult } from '../../domain/giftcards';
import type { TesseraDataProvider } from '../dataProvider/types';
import type { DemoContext } from './context';
import { notFound } from './errors';
import * as batches from './batches';
import * as cards from './giftcards';
import * as orders from './orders';
import * as orderWizard from './orderWizard';
import * as registry from './registry';
import { RELOADABLE_DELETE, RELOADABLE_LISTS, RELOADABLE_ONE, reloadableDemoActions } from './reloadables';

/**
 * The demo's dataProvider: the same TesseraDataProvider contract as the real one, answered in
 * memory. Modelled resources go to giftcards.ts / registry.ts (the API's filters, sorts, rules
 * and error codes); the resources no demo screen lists yet (reloadables, square, tickets, users,
 * …) are empty ra-data-fakerest collections, so their placeholders show an empty list.
 */
export interface DemoDataProvider extends TesseraDataProvider {
  /** point-of-sale moves: no back-office screen makes them, tests and journeys may */
  consumeGiftCard(id: Identifier, body: { amountCents: number; storeCode: string }, idempotencyKey?: string): Promise<CardMoveResult>;
  freezeGiftCard(id: Identifier, body: { amountCents: number; storeCode: string }, idempotencyKey?: string): Promise<CardMoveResult>;
}

const canonical = (resource: string) => resource;

type Lister = (ctx: DemoContext, params: Partial<GetListParams>) => GetListResult<RaRecord>;
const LISTS: Record<string, Lister> = {
  'privative-orders/orders': orders.listOrders('placed'),
  'privative-orders/acquired-orders': orders.listOrders('acquired'),
  'privative/giftcards': cards.listCards,
  'privative/giftcards-search': cards.listCards,
  'privative/giftcard-transactions': cards.listCardLedger,
  'privative/transactions': cards.listTransactions,
  'privative/stores': registry.listStores,
  'privative-orders/companies': registry.listCompanies,
  'privative-orders/operators': registry.listOperators,
  'privative/typologies': batches.listTypologies,
  'privative/batches': batches.listBatches,
  ...RELOADABLE_LISTS,
};
const ONE: Record<string, (ctx: DemoContext, id: Identifier) => RaRecord> = {
  'privative-orders/orders': orders.getOrder('placed'),
  'privative-orders/acquired-orders': orders.getOrder('acquired'),
  'privative/giftcards': cards.getCard,
  'privative/stores': registry.getStore,
  'privative-orders/companies': registry.getCompany,
  'privative-orders/operators': registry.getOperator,
  'privative/typologies': batches.getTypology,
  'privative/batches': batches.getBatch,
  ...RELOADABLE_ONE,
};
const CREATE: Record<string, (ctx: DemoContext, data: unknown) => RaRecord> = {
  'privative/stores': registry.createStore,
  'privative-orders/companies': registry.createCompany,
  'privative-orders/operators': registry.createOperator,
  'privative/typologies': batches.createTypology,
  'privative/batches': batches.createBatch,
};
const UPDATE: Record<string, (ctx: DemoContext, id: Identifier, data: unknown) => RaRecord> = {
  'privative/stores': registry.updateStore,
  'privative-orders/companies': registry.updateCompany,
  'privative-orders/operators': registry.updateOperator,
};
const DELETE: Record<string, (ctx: DemoContext, id: Identifier) => RaRecord> = {
  'privative-orders/orders': orders.deleteOrder,
  'privative/stores': registry.deleteStore,
  'privative-orders/companies': registry.deleteCompany,
  'privative-orders/operators': registry.disableOperator,
  ...RELOADABLE_DELETE,
};

/** Every answer is asynchronous, like a network call (react-query and the screens rely on it). */
const later = <T>(work: () => T | Promise<T>): Promise<T> => Promise.resolve().then(work);

export function createDemoDataProvider(ctx: DemoContext): DemoDataProvider {
  const modelled = new Set([...Object.keys(LISTS), ...Object.keys(ONE)]);
  const empty = Object.fromEntries(RESOURCE_NAMES.filter((name) => !modelled.has(name)).map((name) => [name, []]));
  const fallback = fakeRestDataProvider(empty, false);
  // the API has no such route: 404, as the server answers
  const unsupported = (resource: string, what: string) => notFound(`/api/${resource}`, `No ${what} route for ${resource}`);
  const route = <T>(resource: string, table: Record<string, T>, otherwise: () => unknown): T | null => {
    const name = canonical(resource);
    if (table[name]) return table[name];
    if (!modelled.has(name) && !RESOURCE_NAMES.includes(name as never)) throw notFound(`/api/${resource}`, `Unknown resource "${resource}"`);
    otherwise();
    return null;
  };
  const one = (resource: string, id: Identifier): RaRecord => {
    const get = route(resource, ONE, () => undefined);
    if (get) return get(ctx, id);
    // lists without a show route: find the row in the list itself
    const list = route(resource, LISTS, () => undefined);
    const found = list?.(ctx, { pagination: { page: 1, perPage: 200 } }).data.find((r) => String(r.id) === String(id));
    if (!found) throw notFound(`/api/${resource}/${String(id)}`);
    return found;
  };

  const crud: DataProvider = {
    getList: (resource, params) =>
      later(() => {
        const list = route(resource, LISTS, () => undefined);
        return list ? (list(ctx, params) as GetListResult) : fallback.getList(resource, params);
      }),
    getOne: (resource, params) => later(() => (modelled.has(canonical(resource)) ? { data: one(resource, params.id) } : fallback.getOne(resource, params))) as never,
    getMany: (resource, params) =>
      later(() => {
        if (!modelled.has(canonical(resource))) return fallback.getMany(resource, params);
        const data = params.ids.flatMap((id) => {
          try {
            return [one(resource, id)];
          } catch {
            return [];
          }
        });
        return { data };
      }) as never,
    getManyReference: (resource, params) =>
      later(() => {
        const list = route(resource, LISTS, () => undefined);
        const filter = { ...params.filter, [params.target]: params.id };
        return list ? (list(ctx, { ...params, filter }) as GetListResult) : fallback.getManyReference(resource, params);
      }),
    create: (resource, params) =>
      later(() => {
        const create = route(resource, CREATE, () => {
          throw unsupported(resource, 'create');
        });
        return { data: create!(ctx, params.data) };
      }) as never,
    update: (resource, params) =>
      later(() => {
        const update = route(resource, UPDATE, () => {
          throw unsupported(resource, 'update');
        });
        return { data: update!(ctx, params.id, params.data) };
      }) as never,
    updateMany: (resource, params) =>
      later(() => {
        const update = route(resource, UPDATE, () => {
          throw unsupported(resource, 'update');
        });
        for (const id of params.ids) update!(ctx, id, params.data);
        return { data: params.ids };
      }),
    delete: (resource, params) =>
      later(() => {
        const remove = route(resource, DELETE, () => {
          throw unsupported(resource, 'delete');
        });
        return { data: remove!(ctx, params.id) };
      }) as never,
    deleteMany: (resource, params) =>
      later(() => {
        const remove = route(resource, DELETE, () => {
          throw unsupported(resource, 'delete');
        });
        for (const id of params.ids) remove!(ctx, id);
        return { data: params.ids };
      }),
  };

  return {
    ...crud,
    ...reloadableDemoActions(ctx),
    exportOrders: (view, filter, format) => later(() => orders.exportOrders(ctx, view, filter, format)),
    orderCodes: (view, id, options) => later(() => orders.orderCodes(ctx, view, id, options)),
    listOrderCards: (view, id, range) => later(() => orders.listOrderCards(ctx, view, id, range)),
    confirmOrder: (id, key) => later(() => orders.confirmOrder(ctx, id, key)),
    activateOrder: (id, key) => later(() => orders.activateOrder(ctx, id, key)),
    cancelOrder: (id, key) => later(() => orders.cancelOrder(ctx, id, key)),
    retryOrder: (id) => later(() => orders.retryOrder(ctx, id)),
    editOrderExpiry: (id, expireDate) => later(() => orders.editOrderExpiry(ctx, id, expireDate)),
    setOrderTracking: (id, tracking) => later(() => orders.setOrderTracking(ctx, id, tracking)),
    markOrderDelivered: (view, id) => later(() => orders.markOrderDelivered(ctx, view, id)),
    resendOrderConfirmation: (id) => later(() => orders.resendOrderConfirmation(ctx, id)),
    createOrderDraft: (body) => later(() => orderWizard.createOrderDraft(ctx, body)),
    orderStock: (typologyId) => later(() => orderWizard.orderStock(ctx, typologyId)),
    addOrderItem: (id, body) => later(() => orderWizard.addOrderItem(ctx, id, body)),
    editOrderItem: (id, itemId, body) => later(() => orderWizard.editOrderItem(ctx, id, itemId, body)),
    removeOrderItem: (id, itemId) => later(() => orderWizard.removeOrderItem(ctx, id, itemId)),
    configureOrder: (id, body) => later(() => orderWizard.configureOrder(ctx, id, body)),
    deleteOrderDraft: (id) => later(() => orderWizard.deleteOrderDraft(ctx, id)),
    exportGiftCards: (filter, format) => later(() => cards.exportCards(ctx, filter, format)),
    countGiftCards: (filter) => later(() => cards.countCards(ctx, filter)),
    searchGiftCardByCode: (code) => later(() => cards.searchByCode(ctx, code)),
    reloadGiftCard: (id, amountCents, key) => later(() => cards.reloadCard(ctx, id, amountCents, key)),
    bulkGiftCards: (body, key) => later(() => cards.bulkCards(ctx, body, key)),
    unfreezeTransaction: (id, key) => later(() => cards.unfreezeRow(ctx, id, key)),
    returnConsume: (id, body, key) => later(() => cards.returnRow(ctx, id, body, key)),
    cancelTransaction: (id, key) => later(() => cards.cancelRow(ctx, id, key)),
    consumeGiftCard: (id, body, key) => later(() => cards.consumeCard(ctx, id, body, key)),
    freezeGiftCard: (id, body, key) => later(() => cards.freezeCard(ctx, id, body, key)),
    importStores: (file) => later(() => registry.importStores(ctx, file)),
    storeImportTemplate: () => later(() => registry.storeImportTemplate()),
    saveCompanyReferent: (companyId, referent) => later(() => registry.saveReferent(ctx, companyId, referent)),
    removeCompanyReferent: (companyId) => later(() => registry.removeReferent(ctx, companyId)),
    uploadCompanyLogo: (companyId, file) => later(() => registry.uploadLogo(ctx, companyId, file)),
    companyLogo: (companyId) => later(() => registry.companyLogo(ctx, companyId)),
    downloadReport: (reportId) =>
      later(() => {
        const { companyId } = ctx.require('report', 'download');
        // the demo generates no reports: every id is unknown, as on a fresh server
        throw notFound(`/api/company/${companyId}/giftcard/report-generated/${reportId}`);
      }),
    activateBatch: (id, key, amountCents) => later(() => batches.requestActivation(ctx, id, 'activate', key, amountCents)),
    deactivateBatch: (id, key) => later(() => batches.requestActivation(ctx, id, 'deactivate', key)),
    requestBatchArchive: (id) => later(() => batches.requestArchive(ctx, id)),
    downloadBatchArchive: (id) => later(() => batches.downloadArchive(ctx, id)),
  };
}
