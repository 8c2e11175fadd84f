import type { PermissionKey } from './permissions';

/**
 * The resource manifest: one entry per resource, keyed by its name (its SPEC §2 path, which is
 * also the react-admin resource name), holding what the rest of the code derives from it:
 *
 * - `path`: the API path of its records (DESIGN.md §4), `{companyId}` and the other placeholders
 *   filled by the dataProvider; the SPA's `resourcePath()` and the server's route roots
 *   (`apiRoute()`) both read it, and a test ties every path to a registered server route;
 * - `access`: action → the permission flags any of which allows it (the one access table,
 *   `domain/access.ts` reads it for `canAccess` on both sides).
 *
 * The fields, their kinds and limits are the resource's field declaration (`defineFields` in
 * domain/schemas/, which names the resource); the screens are its SPA registry entry
 * (src/resources/registry.ts, typed by these names). A new resource is one entry here.
 *
 * Actions: react-admin's own (`list`, `show`, `create`, `edit`, `delete`, `export`) and the
 * named non-CRUD ones of each area (`reload`, `bulk`, `return`, …). A resource or action missing
 * here is denied everywhere, so a new screen or call is invisible until it is added.
 */
const MANAGEMENT = ['privative.management.read'] as const;
const SEARCH = ['privative.management.searchByCode'] as const;
const POS = ['privative.transactions'] as const;
const STORES = ['privative.stores'] as const;
const BATCHES = ['privative.batches'] as const;
const ORDERS = ['privative.orders'] as const;
const COMPANIES = ['privative.companies'] as const;
const ACQUIRED = ['privative.acquiredOrders'] as const;
const WALLET = ['reloadable.wallet'] as const;
const PARENT = ['reloadable.isParentCompany'] as const;
const RELOADABLE_CARDS = ['reloadable.cards'] as const;
const RELOADS = ['reloadable.reloads'] as const;
const NOTIFICATIONS = ['reloadable.notifications'] as const;
const TICKETING = ['ticketing'] as const;
const REPORT = ['report'] as const;
const USERS = ['management'] as const;
const DASHBOARD = ['powerBi.reportBase', 'powerBi.reportPremium'] as const;

/**
 * One entry: the flags any of which allows the action; `staff` when only provider staff (users of
 * the root company) may, whatever flags a customer's user holds; `orReferent` when a company's
 * referent (its contact user) may as well, on their company's subtree.
 */
export interface AccessRule {
  readonly anyOf: readonly PermissionKey[];
  readonly staff: boolean;
  readonly orReferent?: boolean;
}
export type Rules = Readonly<Record<string, AccessRule>>;

/** One resource: its API path (none for a screen that reads other resources' APIs) and its access rules. */
export interface ResourceManifest {
  readonly path?: string;
  readonly access: Rules;
}

const crud = (keys: readonly PermissionKey[], ...actions: string[]): Rules => Object.fromEntries(actions.map((action) => [action, { anyOf: keys, staff: false }]));
/** The same, for provider staff only (the flag is needed as well). */
const staff = (keys: readonly PermissionKey[], ...actions: string[]): Rules => Object.fromEntries(actions.map((action) => [action, { anyOf: keys, staff: true }]));
/** The same, for provider staff and a company's referent (the flag is needed as well). */
const staffOrReferent = (keys: readonly PermissionKey[], ...actions: string[]): Rules =>
  Object.fromEntries(actions.map((action) => [action, { anyOf: keys, staff: true, orReferent: true }]));

export const RESOURCES = {
  'privative/giftcards': {
    path: '/api/company/{companyId}/giftcard/cards',
    access: {
      ...crud(MANAGEMENT, 'list', 'show', 'export', 'reload', 'bulk'),
      // point-of-sale moves: a till, not the back office, consumes and freezes
      ...crud(POS, 'consume', 'freeze'),
    },
  },
  'privative/giftcards-search': { path: '/api/company/{companyId}/giftcard/cards', access: crud(SEARCH, 'list', 'search') },
  /** a card's ledger, shown on the card's page */
  'privative/giftcard-transactions': { path: '/api/company/{companyId}/giftcard/cards/{cardId}/transactions', access: crud(MANAGEMENT, 'list') },
  'privative/transactions': { path: '/api/company/{companyId}/giftcard/transactions', access: crud(POS, 'list', 'unfreeze', 'return', 'cancel') },
  'privative/stores': { path: '/api/company/{companyId}/stores', access: crud(STORES, 'list', 'show', 'create', 'edit', 'delete', 'import') },
  /** batches and their PDF archives; making them, their archives, activating and deactivating them is provider staff's */
  'privative/batches': { path: '/api/company/{companyId}/giftcard/batches', access: { ...crud(BATCHES, 'list', 'show', 'download'), ...staff(BATCHES, 'create', 'activate', 'deactivate', 'archive') } },
  /** the card catalog: read by the card screens and the order wizard */
  'privative/typologies': {
    path: '/api/company/{companyId}/giftcard/typologies',
    access: {
      ...crud([...MANAGEMENT, ...ORDERS, ...BATCHES], 'list', 'show'),
      // the catalog is managed by provider staff
      ...staff(BATCHES, 'create', 'edit'),
    },
  },
  'privative-orders/companies': { path: '/api/company/{companyId}/companies', access: crud(COMPANIES, 'list', 'show', 'create', 'edit', 'delete', 'logo') },
  /** the operators tab of the companies registry */
  'privative-orders/operators': { path: '/api/company/{companyId}/operators', access: crud(COMPANIES, 'list', 'show', 'create', 'edit', 'delete') },
  /** orders the caller's company placed; a failed order's retry and a shipment's tracking are provider staff's */
  'privative-orders/orders': {
    path: '/api/company/{companyId}/giftcard/orders',
    access: {
      ...crud(ORDERS, 'list', 'show', 'create', 'edit', 'delete', 'export', 'confirm', 'activate', 'cancel', 'editExpiry', 'resendConfirmation', 'delivered', 'codes'),
      ...staff(ORDERS, 'tracking', 'retry'),
    },
  },
  /** orders other companies placed for the caller's company: read-only, codes, "received" */
  'privative-orders/acquired-orders': { path: '/api/company/{companyId}/giftcard/acquired-orders', access: crud(ACQUIRED, 'list', 'show', 'export', 'codes', 'delivered') },
  /** an order's gift cards, on the order's page: who may open the order may list them */
  'privative-orders/order-cards': { path: '/api/company/{companyId}/giftcard/orders/{orderId}/cards', access: crud(ORDERS, 'list') },
  'privative-orders/acquired-order-cards': { path: '/api/company/{companyId}/giftcard/acquired-orders/{orderId}/cards', access: crud(ACQUIRED, 'list') },
  /** the company's wallet: balance, movements, CSV; funding is provider staff's */
  'reloadables/wallet': { path: '/api/company/{companyId}/reloadable/wallet/movements', access: { ...crud(WALLET, 'list', 'export'), ...staff(WALLET, 'fund') } },
  /** a parent company's view of its sub-companies' wallets, and transfers to and from them */
  'reloadables/walletSubCompanies': { path: '/api/company/{companyId}/reloadable/wallet/sub-companies', access: crud(PARENT, 'list', 'show', 'transfer') },
  'reloadables/walletSubCompanies-movements': { path: '/api/company/{companyId}/reloadable/wallet/sub-companies/{subCompanyId}/movements', access: crud(PARENT, 'list', 'export') },
  'reloadables/cards': { path: '/api/company/{companyId}/reloadable/cards', access: crud(RELOADABLE_CARDS, 'list', 'show', 'lock', 'unlock', 'reload', 'linkCompany', 'clientId', 'bulk') },
  /** a card's history (events), shown on the card's page */
  'reloadables/card-history': { path: '/api/company/{companyId}/reloadable/cards/{cardId}/history', access: crud(RELOADABLE_CARDS, 'list') },
  'reloadables/users': { path: '/api/company/{companyId}/reloadable/users', access: crud(RELOADABLE_CARDS, 'list', 'show') },
  /** runs: validate a selection or a CSV, run now or plan; a planned run can be deleted before it starts */
  'reloadables/reloads': { path: '/api/company/{companyId}/reloadable/reloads', access: crud(RELOADS, 'list', 'show', 'create', 'validate', 'template', 'delete') },
  /** a run's rows */
  'reloadables/reload-rows': { path: '/api/company/{companyId}/reloadable/reloads/{runId}/rows', access: crud(RELOADS, 'list') },
  'reloadables/queue-reloads': { path: '/api/company/{companyId}/reloadable/reloads/planned', access: crud(RELOADS, 'list', 'delete') },
  'reloadables/reloads-history': { path: '/api/company/{companyId}/reloadable/reloads/history', access: crud(RELOADS, 'list', 'show', 'export') },
  'reloadables/notifications': { path: '/api/company/{companyId}/reloadable/notifications', access: crud(NOTIFICATIONS, 'list', 'show', 'edit') },
  /** voucher orders from a recipients CSV; approval is provider staff's */
  'square/orders': { path: '/api/company/{companyId}/square/orders', access: { ...crud(['square.orders'], 'list', 'show', 'create', 'validate', 'template', 'delete', 'confirm', 'activate', 'cancel', 'export'), ...staff(['square.orders'], 'approve') } },
  'square/codes': { path: '/api/company/{companyId}/square/codes', access: crud(['square.codes'], 'list', 'show') },
  'square/communications': { path: '/api/company/{companyId}/square/communications', access: crud(['square.communications'], 'list', 'resend') },
  /** support tickets of the subtree; setting a status, restoring and the internal fields are provider staff's */
  tickets: { path: '/api/company/{companyId}/tickets', access: { ...crud(TICKETING, 'list', 'show', 'create', 'reply', 'reopen', 'delete', 'download'), ...staff(TICKETING, 'status', 'restore', 'internal') } },
  /** the categories new tickets are made in; creating and editing them is provider staff's */
  'tickets/categories': { path: '/api/company/{companyId}/ticket-categories', access: { ...crud(TICKETING, 'list', 'show'), ...staff(TICKETING, 'create', 'edit') } },
  /** generated reports of the subtree: list, generate (`create`), download the file */
  report: { path: '/api/company/{companyId}/giftcard/report-generated', access: crud(REPORT, 'list', 'create', 'download') },
  /** the report types the generate form offers */
  'report/types': { path: '/api/company/{companyId}/giftcard/report', access: crud(REPORT, 'list') },
  /** users of the subtree; nobody grants what they do not hold (domain/users.ts, checked by the service) */
  users: { path: '/api/company/{companyId}/users', access: crud(USERS, 'list', 'show', 'create', 'edit', 'disable', 'enable', 'resendActivation') },
  /** integration API keys of the subtree: shown once, revoked, never edited (domain/integration.ts) */
  'api-keys': { path: '/api/company/{companyId}/api-keys', access: crud(USERS, 'list', 'create', 'revoke') },
  /** the order history: bulk (B2B orders) and integrated (web shops) tabs */
  'privative-orders/history': { access: crud(ORDERS, 'list') },
  /** orders posted by web shops through the integration API: read-only, CSV */
  'privative-orders/integrated-orders': { path: '/api/company/{companyId}/giftcard/integrated-orders', access: crud(ORDERS, 'list', 'show', 'export') },
  /** the audit trail of the subtree: provider staff, and a company's referent on their company's subtree */
  audit: { path: '/api/company/{companyId}/audit', access: staffOrReferent(USERS, 'list', 'show', 'export') },
  /** every e-mail the product sent or will send (outbox and square codes): provider staff's; resend sends one again (domain/emails.ts) */
  emails: { path: '/api/company/{companyId}/emails', access: staff(USERS, 'list', 'show', 'resend') },
  /** the dashboard; `premium` (typology and store breakdowns, the previous period) is reportPremium's */
  dashboard: { path: '/api/company/{companyId}/dashboard', access: { ...crud(DASHBOARD, 'list'), ...crud(['powerBi.reportPremium'], 'premium') } },
} as const satisfies Record<string, ResourceManifest>;

export type ResourceName = keyof typeof RESOURCES;

/** The server route of a resource path: `{companyId}` → `:companyId` (fastify's parameters). */
export function apiRoute(resource: ResourceName, suffix = ''): string {
  const path = (RESOURCES[resource] as ResourceManifest).path;
  if (!path) throw new Error(`Resource "${resource}" has no API path`);
  return path.replace(/\{(\w+)\}/g, ':$1') + suffix;
}
