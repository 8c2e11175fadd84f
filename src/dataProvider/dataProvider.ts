import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult, GetManyReferenceParams, Identifier, RaRecord } from 'react-admin';
import type { Batch } from '../../domain/catalog';
import type { BulkResult, CardCount, CardMoveResult, GiftCard } from '../../domain/giftcards';
import type { OrderDetail } from '../../domain/orders';
import type { OrderItem, OrderStockRun } from '../../domain/orders';
import type { CompanyRecord } from '../../domain/schemas/companies-api';
import type { StoreImportResult } from '../../domain/schemas/stores-api';
import type { HttpClient } from './httpClient';
import { createPageCursors, listIdentity } from './pageCursors';
import { listPath, reportDownloadPath, resourcePath } from './resourcePaths';
import { emailActions } from './emailActions';
import { squareActions } from './squareActions';
import { usersActions } from './usersActions';
import { ticketActions } from './ticketActions';
import { reportActions } from './reportActions';
import { dashboardActions } from './dashboardActions';
import { orderHistoryActions } from './orderHistoryActions';
import { apiKeyActions } from './apiKeyActions';
import { auditActions } from './auditActions';
import type { OrderActions, OrderView, TesseraActions, TesseraDataProvider } from './types';
import type { OrderWizardActions, ReloadableActions } from './types';
import type { CardBulkResult, NotificationSettings, ReloadableCard, ReloadRunDetail, ReloadValidation, Wallet } from '../../domain/reloadables';

/**
 * The react-admin dataProvider: ra-data-simple-rest (filter, sort and range query parameters,
 * Content-Range on lists) over our http client (Bearer, Accept-Language, Cache-Control,
 * single-flight refresh, problem+json errors). Overridden only where our API differs:
 * resource names are SPEC paths mapped to API paths (RESOURCE_PATHS), a `*` total in
 * Content-Range becomes `pageInfo` (lists that never count), load more continues from the
 * previous page's `Next-Cursor` (pageCursors.ts), and nested lists take their `{placeholder}` from
 * the filter. Calls that are not CRUD are the named methods below.
 */
export function createDataProvider(http: HttpClient): TesseraDataProvider {
  const rest = simpleRestProvider('', simpleRestClient(http));
  /** simple-rest builds `${apiUrl}/${resource}`: hand it the API path instead of the name */
  const api = (path: string) => path.replace(/^\//, '');
  const cursors = createPageCursors();

  const crud: DataProvider = {
    async getList(resource, params) {
      // meta.companyId: a list relative to another company than the one looked at (the header's
      // company switcher lists the user's own subtree whatever company is being looked at)
      const { path, filter } = listPath(resource, params.filter, params.meta?.companyId);
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const sort = params.sort ? [params.sort.field, params.sort.order] : undefined;
      const list = listIdentity(path, filter, sort, perPage);
      const cursor = cursors.before(list, page);
      // the simple-rest parameters (filter, sort, range), plus the cursor where the previous page gave one
      const response = await http.request<RaRecord[]>(path, {
        query: { filter: JSON.stringify(filter ?? {}), ...(sort ? { sort: JSON.stringify(sort) } : {}), range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]), cursor },
        signal: params.signal,
      });
      cursors.answered(list, page, response.headers.get('Next-Cursor'));
      const contentRange = response.headers.get('Content-Range') ?? '';
      const total = Number.parseInt(contentRange.split('/').pop() ?? '', 10);
      // never[]: the records are whatever the caller's RecordType says (simple-rest does the same)
      return withPageInfo({ data: response.body as never[], total: Number.isFinite(total) ? total : undefined }, params, /\s\*\//.test(contentRange));
    },
    getOne: async (resource, params) => rest.getOne(api(resourcePath(resource)), params),
    getMany: async (resource, params) => rest.getMany(api(resourcePath(resource)), params),
    // the target is a filter (simple-rest's way), or a path segment of a nested list (a card's ledger: listPath takes it out)
    getManyReference: async (resource, params) => crud.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
    create: async (resource, params) => rest.create(api(resourcePath(resource)), params),
    update: async (resource, params) => rest.update(api(resourcePath(resource)), params),
    updateMany: async (resource, params) => rest.updateMany(api(resourcePath(resource)), params),
    async delete(resource, params) {
      const result = await rest.delete(api(resourcePath(resource)), params);
      return { data: result.data ?? params.previousData ?? { id: params.id } };
    },
    deleteMany: async (resource, params) => rest.deleteMany(api(resourcePath(resource)), params),
  };

  return { ...crud, ...namedActions(http), ...orderActions(http), ...orderWizardActions(http), ...reloadableActions(http), ...squareActions(http), ...usersActions(http), ...ticketActions(http), ...reportActions(http), ...dashboardActions(http), ...orderHistoryActions(http), ...apiKeyActions(http), ...auditActions(http), ...emailActions(http) };
}

// `Content-Range: … s-e/*`: no exact total, but more rows exist (server/lib/list-query.ts);
// `… */*` (`pastEnd`, the range itself `*`): a page past the end of a list that does not count,
// nothing follows it
function withPageInfo<T extends RaRecord>(result: GetListResult<T>, params: Partial<GetListParams | GetManyReferenceParams>, pastEnd = false): GetListResult<T> {
  if (result.total !== undefined && Number.isFinite(result.total)) return result;
  const page = params.pagination?.page ?? 1;
  return { data: result.data, pageInfo: { hasNextPage: !pastEnd, hasPreviousPage: page > 1 } };
}

/** ra-data-simple-rest's `httpClient(url, options)` contract, served by our http client. */
function simpleRestClient(http: HttpClient) {
  return async (url: string, options: { method?: string; body?: BodyInit | null; headers?: HeadersInit; signal?: AbortSignal | null } = {}) => {
    const headers: Record<string, string> = {};
    new Headers(options.headers).forEach((value, name) => {
      // simple-rest marks body-less DELETEs text/plain; our API wants no body type at all
      if (name.toLowerCase() !== 'content-type') headers[name] = value;
    });
    if (typeof options.body === 'string') headers['Content-Type'] = 'application/json';
    const response = await http.request<unknown>(url, {
      method: (options.method ?? 'GET') as 'GET',
      body: options.body ?? undefined,
      headers,
      signal: options.signal ?? undefined,
    });
    return { status: response.status, headers: response.headers, body: JSON.stringify(response.body), json: response.body };
  };
}

function namedActions(http: HttpClient): TesseraActions {
  const item = (resource: string, id: Identifier) => `${resourcePath(resource)}/${encodeURIComponent(String(id))}`;
  const idempotent = (key: string) => ({ 'Idempotency-Key': key });
  const post = async <T>(url: string, json: unknown, idempotencyKey: string) =>
    (await http.request<T>(url, { method: 'POST', json, headers: idempotent(idempotencyKey) })).body;
  const upload = async <T>(url: string, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return (await http.request<T>(url, { method: 'POST', body })).body;
  };
  const blob = async (url: string, signal?: AbortSignal, query?: Record<string, string>) =>
    (await http.request<Blob>(url, { responseType: 'blob', signal, query })).body;
  const cards = 'privative/giftcards';
  const transactions = 'privative/transactions';
  const companies = 'privative-orders/companies';
  const stores = 'privative/stores';
  const batches = 'privative/batches';

  return {
    exportGiftCards: (filter, { language, timeZone }, signal) =>
      blob(`${resourcePath(cards)}/export`, signal, { filter: JSON.stringify(filter), lang: language, tz: timeZone }),
    async countGiftCards(filter, signal) {
      return (await http.request<CardCount>(`${resourcePath(cards)}/count`, { query: { filter: JSON.stringify(filter) }, signal })).body;
    },
    async searchGiftCardByCode(code, signal) {
      return (await http.request<GiftCard>(`${resourcePath(cards)}/search`, { query: { code }, signal })).body;
    },
    reloadGiftCard: (id, amountCents, key) => post<CardMoveResult>(`${item(cards, id)}/reload`, { amountCents }, key),
    bulkGiftCards: (body, key) => post<BulkResult>(`${resourcePath(cards)}/bulk`, body, key),
    unfreezeTransaction: (id, key) => post<CardMoveResult>(`${item(transactions, id)}/unfreeze`, {}, key),
    returnConsume: (id, body, key) => post<CardMoveResult>(`${item(transactions, id)}/return`, body, key),
    cancelTransaction: (id, key) => post<CardMoveResult>(`${item(transactions, id)}/cancel`, {}, key),
    importStores: (file) => upload<StoreImportResult>(`${resourcePath(stores)}/import`, file),
    storeImportTemplate: () => blob(`${resourcePath(stores)}/import-template`),
    async saveCompanyReferent(companyId, referent) {
      return (await http.request<CompanyRecord>(`${item(companies, companyId)}/referent`, { method: 'PUT', json: referent })).body;
    },
    async removeCompanyReferent(companyId) {
      return (await http.request<CompanyRecord>(`${item(companies, companyId)}/referent`, { method: 'DELETE' })).body;
    },
    uploadCompanyLogo: (companyId, file) => upload<CompanyRecord>(`${item(companies, companyId)}/logo`, file),
    companyLogo: (companyId, signal) => blob(`${item(companies, companyId)}/logo`, signal),
    downloadReport: (reportId, signal) => blob(reportDownloadPath(reportId), signal),
    activateBatch: (id, key, amountCents) => post<Batch>(`${item(batches, id)}/activate`, amountCents === undefined ? {} : { amountCents }, key),
    deactivateBatch: (id, key) => post<Batch>(`${item(batches, id)}/deactivate`, {}, key),
    async requestBatchArchive(id) {
      return (await http.request<Batch>(`${item(batches, id)}/archive`, { method: 'POST', json: {} })).body;
    },
    downloadBatchArchive: (id, signal) => blob(`${item(batches, id)}/archive`, signal),
  };
}

/** Gift-card orders: the placed view's `orders/…` and the acquired view's `acquired-orders/…`. */
function orderActions(http: HttpClient): OrderActions {
  const orders = (view: OrderView = 'placed') => (view === 'placed' ? 'privative-orders/orders' : 'privative-orders/acquired-orders');
  const item = (view: OrderView, id: Identifier) => `${resourcePath(orders(view))}/${encodeURIComponent(String(id))}`;
  const post = async (url: string, json: unknown = {}, idempotencyKey?: string) =>
    (await http.request<OrderDetail>(url, { method: 'POST', json, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined })).body;
  const blob = async (url: string, signal: AbortSignal | undefined, query: Record<string, string>) => (await http.request<Blob>(url, { responseType: 'blob', signal, query })).body;
  return {
    exportOrders: (view, filter, { language, timeZone }, signal) => blob(`${resourcePath(orders(view))}/export`, signal, { filter: JSON.stringify(filter), lang: language, tz: timeZone }),
    orderCodes: (view, id, { format, language, timeZone }, signal) => blob(`${item(view, id)}/codes`, signal, { format, lang: language, tz: timeZone }),
    confirmOrder: (id, key) => post(`${item('placed', id)}/confirm`, {}, key),
    activateOrder: (id, key) => post(`${item('placed', id)}/activate`, {}, key),
    cancelOrder: (id, key) => post(`${item('placed', id)}/cancel`, {}, key),
    retryOrder: (id) => post(`${item('placed', id)}/retry`),
    editOrderExpiry: (id, expireDate) => post(`${item('placed', id)}/expiry`, { expireDate }),
    setOrderTracking: (id, tracking) => post(`${item('placed', id)}/tracking`, tracking),
    markOrderDelivered: (view, id) => post(`${item(view, id)}/delivered`),
    async resendOrderConfirmation(id) {
      return (await http.request<{ emails: number }>(`${item('placed', id)}/resend-confirmation`, { method: 'POST', json: {} })).body;
    },
  };
}

/** The order wizard's calls on a draft (`orders`, `orders/{id}/items…`, `orders/stock`). */
function orderWizardActions(http: HttpClient): OrderWizardActions {
  const orders = () => resourcePath('privative-orders/orders');
  const order = (id: Identifier) => `${orders()}/${encodeURIComponent(String(id))}`;
  const item = (id: Identifier, itemId: Identifier) => `${order(id)}/items/${encodeURIComponent(String(itemId))}`;
  const send = async <T>(url: string, method: 'POST' | 'PUT' | 'DELETE', json?: unknown) => (await http.request<T>(url, { method, json })).body;
  return {
    createOrderDraft: (body) => send<OrderDetail>(orders(), 'POST', body),
    async orderStock(typologyId, signal) {
      return (await http.request<OrderStockRun[]>(`${orders()}/stock`, { query: { typologyId: String(typologyId) }, signal })).body;
    },
    addOrderItem: (id, body) => send<OrderItem>(`${order(id)}/items`, 'POST', body),
    editOrderItem: (id, itemId, body) => send<OrderItem>(item(id, itemId), 'PUT', body),
    removeOrderItem: (id, itemId) => send<OrderDetail>(item(id, itemId), 'DELETE'),
    configureOrder: (id, body) => send<OrderDetail>(order(id), 'PUT', body),
    async deleteOrderDraft(id) {
      await http.request(order(id), { method: 'DELETE' });
    },
  };
}

/** The reloadable programme's calls under `/api/company/{companyId}/reloadable/…`. */
function reloadableActions(http: HttpClient): ReloadableActions {
  const base = () => resourcePath('reloadables/notifications').replace(/\/notifications$/, '');
  const seg = (id: Identifier) => encodeURIComponent(String(id));
  const card = (id: Identifier) => `${base()}/cards/${seg(id)}`;
  const send = async <T>(url: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', json?: unknown, idempotencyKey?: string, signal?: AbortSignal) =>
    (await http.request<T>(url, { method, json, signal, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined })).body;
  const blob = async (url: string, signal: AbortSignal | undefined, query: Record<string, string>) => (await http.request<Blob>(url, { responseType: 'blob', signal, query })).body;
  const wallet = (subCompanyId?: Identifier) => (subCompanyId === undefined ? `${base()}/wallet` : `${base()}/wallet/sub-companies/${seg(subCompanyId)}`);
  return {
    getWallet: (subCompanyId, signal) => send<Wallet>(wallet(subCompanyId), 'GET', undefined, undefined, signal),
    fundWallet: (body, key) => send<Wallet>(`${base()}/wallet/fund`, 'POST', body, key),
    exportWalletMovements: (filter, { language, timeZone }, subCompanyId, signal) =>
      blob(`${wallet(subCompanyId)}/movements/export`, signal, { filter: JSON.stringify(filter), lang: language, tz: timeZone }),
    transferWallet: (subCompanyId, body, key) => send<{ parent: Wallet; sub: Wallet }>(`${wallet(subCompanyId)}/transfer`, 'POST', body, key),
    lockReloadableCard: (id) => send<ReloadableCard>(`${card(id)}/lock`, 'POST', {}),
    unlockReloadableCard: (id) => send<ReloadableCard>(`${card(id)}/unlock`, 'POST', {}),
    reloadReloadableCard: (id, amountCents, key) => send<{ card: ReloadableCard; run: ReloadRunDetail }>(`${card(id)}/reload`, 'POST', { amountCents }, key),
    linkReloadableCardCompany: (id, companyId) => send<ReloadableCard>(`${card(id)}/company`, 'POST', { companyId }),
    setReloadableCardClientId: (id, clientId) => send<ReloadableCard>(`${card(id)}/client-id`, 'POST', { clientId }),
    bulkReloadableCards: (body, key) => send<CardBulkResult>(`${base()}/cards/bulk`, 'POST', body, key),
    reloadsTemplate: (language) => blob(`${base()}/reloads/template`, undefined, { lang: language }),
    validateReloads: (body, signal) => send<ReloadValidation>(`${base()}/reloads/validate`, 'POST', body, undefined, signal),
    createReloads: (body, key) => send<ReloadRunDetail>(`${base()}/reloads`, 'POST', body, key),
    deleteReloadRun: (id) => send<ReloadRunDetail>(`${base()}/reloads/${seg(id)}`, 'DELETE'),
    exportReloadsHistory: (filter, { language, timeZone }, signal) =>
      blob(`${base()}/reloads/history/export`, signal, { filter: JSON.stringify(filter), lang: language, tz: timeZone }),
    getNotificationSettings: (signal) => send<NotificationSettings>(`${base()}/notifications`, 'GET', undefined, undefined, signal),
    saveNotificationSettings: (body) => send<NotificationSettings>(`${base()}/notifications`, 'PUT', body),
  };
}

export type { TesseraDataProvider } from './types';
