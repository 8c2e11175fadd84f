import { hasAnyPermission, type PermissionKey, type Permissions } from './permissions';

/**
 * The one access table: resource (its SPEC §2 path, which is also the react-admin resource
 * name) × action → the permission flags any of which allows it. The SPA's
 * `authProvider.canAccess`, its menu and buttons read it; the server checks the same entry on
 * every route and in its services. A resource or action missing here is denied everywhere, so a
 * new screen or call is invisible until it is added.
 *
 * Actions: react-admin's own (`list`, `show`, `create`, `edit`, `delete`, `export`) and the
 * named non-CRUD ones of each area (`reload`, `bulk`, `return`, …).
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

type Rules = Readonly<Record<string, readonly PermissionKey[]>>;

const crud = (keys: readonly PermissionKey[], ...actions: string[]): Rules => Object.fromEntries(actions.map((action) => [action, keys]));

export const ACCESS = {
  'privative/giftcards': {
    ...crud(MANAGEMENT, 'list', 'show', 'export', 'reload', 'bulk'),
    // point-of-sale moves: a till, not the back office, consumes and freezes
    ...crud(POS, 'consume', 'freeze'),
  },
  'privative/giftcards-search': crud(SEARCH, 'list', 'search'),
  /** a card's ledger, shown on the card's page */
  'privative/giftcard-transactions': crud(MANAGEMENT, 'list'),
  'privative/transactions': crud(POS, 'list', 'unfreeze', 'return', 'cancel'),
  'privative/stores': crud(STORES, 'list', 'show', 'create', 'edit', 'delete', 'import'),
  /** batches and their PDF archives; making, activating and deactivating them is provider staff's too (checked by the service) */
  'privative/batches': crud(BATCHES, 'list', 'show', 'create', 'activate', 'deactivate', 'archive', 'download'),
  /** the card catalog: read by the card screens and the order wizard */
  'privative/typologies': {
    ...crud([...MANAGEMENT, ...ORDERS, ...BATCHES], 'list', 'show'),
    // the catalog is managed by provider staff (the service also checks the caller is the provider's)
    ...crud(BATCHES, 'create', 'edit'),
  },
  'privative-orders/companies': crud(COMPANIES, 'list', 'show', 'create', 'edit', 'delete', 'logo'),
  /** the operators tab of the companies registry */
  'privative-orders/operators': crud(COMPANIES, 'list', 'show', 'create', 'edit', 'delete'),
  /**
   * orders the caller's company placed; `retry` and `tracking` are for provider staff too
   * (domain/orders.ts refuses them to others)
   */
  'privative-orders/orders': crud(
    ORDERS,
    'list',
    'show',
    'create',
    'edit',
    'delete',
    'export',
    'confirm',
    'activate',
    'cancel',
    'editExpiry',
    'resendConfirmation',
    'tracking',
    'delivered',
    'retry',
    'codes',
  ),
  /** orders other companies placed for the caller's company: read-only, codes, "received" */
  'privative-orders/acquired-orders': crud(ACQUIRED, 'list', 'show', 'export', 'codes', 'delivered'),
  /** an order's gift cards, on the order's page: who may open the order may list them */
  'privative-orders/order-cards': crud(ORDERS, 'list'),
  'privative-orders/acquired-order-cards': crud(ACQUIRED, 'list'),
  /** the company's wallet: balance, movements, CSV; funding is provider staff's (checked by the service) */
  'reloadables/wallet': crud(WALLET, 'list', 'export', 'fund'),
  /** a parent company's view of its sub-companies' wallets, and transfers to and from them */
  'reloadables/walletSubCompanies': crud(PARENT, 'list', 'show', 'transfer'),
  'reloadables/walletSubCompanies-movements': crud(PARENT, 'list', 'export'),
  'reloadables/cards': crud(RELOADABLE_CARDS, 'list', 'show', 'lock', 'unlock', 'reload', 'linkCompany', 'clientId', 'bulk'),
  /** a card's history (events), shown on the card's page */
  'reloadables/card-history': crud(RELOADABLE_CARDS, 'list'),
  'reloadables/users': crud(RELOADABLE_CARDS, 'list', 'show'),
  /** runs: validate a selection or a CSV, run now or plan; a planned run can be deleted before it starts */
  'reloadables/reloads': crud(RELOADS, 'list', 'show', 'create', 'validate', 'template', 'delete'),
  /** a run's rows */
  'reloadables/reload-rows': crud(RELOADS, 'list'),
  'reloadables/queue-reloads': crud(RELOADS, 'list', 'delete'),
  'reloadables/reloads-history': crud(RELOADS, 'list', 'show', 'export'),
  'reloadables/notifications': crud(NOTIFICATIONS, 'list', 'show', 'edit'),
  /** voucher orders from a recipients CSV; approve is provider staff's (checked by the service, domain/square.ts) */
  'square/orders': crud(['square.orders'], 'list', 'show', 'create', 'validate', 'template', 'delete', 'confirm', 'approve', 'activate', 'cancel', 'export'),
  'square/codes': crud(['square.codes'], 'list', 'show'),
  'square/communications': crud(['square.communications'], 'list', 'resend'),
  /** support tickets of the subtree; status, restore and internal fields are provider staff's (checked by the service, domain/tickets.ts) */
  tickets: crud(TICKETING, 'list', 'show', 'create', 'reply', 'status', 'reopen', 'delete', 'restore', 'internal', 'download'),
  /** the categories new tickets are made in; creating and editing them is provider staff's (checked by the service) */
  'tickets/categories': crud(TICKETING, 'list', 'show', 'create', 'edit'),
  /** generated reports of the subtree: list, generate (`create`), download the file */
  report: crud(REPORT, 'list', 'create', 'download'),
  /** the report types the generate form offers */
  'report/types': crud(REPORT, 'list'),
  /** users of the subtree; nobody grants what they do not hold (domain/users.ts, checked by the service) */
  users: crud(USERS, 'list', 'show', 'create', 'edit', 'disable', 'enable', 'resendActivation'),
  /** integration API keys of the subtree: shown once, revoked, never edited (domain/integration.ts) */
  'api-keys': crud(USERS, 'list', 'create', 'revoke'),
  /** the order history: bulk (B2B orders) and integrated (web shops) tabs */
  'privative-orders/history': crud(ORDERS, 'list'),
  /** orders posted by web shops through the integration API: read-only, CSV */
  'privative-orders/integrated-orders': crud(ORDERS, 'list', 'show', 'export'),
  /** the audit trail of the subtree: provider staff and referents (checked by the service, domain/audit.ts) */
  audit: crud(USERS, 'list', 'show', 'export'),
  /** the dashboard; `premium` (typology and store breakdowns, the previous period) is reportPremium's */
  dashboard: { ...crud(DASHBOARD, 'list'), premium: ['powerBi.reportPremium'] },
} as const satisfies Record<string, Rules>;

export type ResourceName = keyof typeof ACCESS;
export type ActionOf<R extends ResourceName> = keyof (typeof ACCESS)[R] & string;

export const RESOURCE_NAMES = Object.keys(ACCESS) as ResourceName[];

/** The flags that allow `action` on `resource`; null when the table has no such entry. */
export function accessRule(resource: string, action: string): readonly PermissionKey[] | null {
  if (!Object.prototype.hasOwnProperty.call(ACCESS, resource)) return null;
  const rules = ACCESS[resource as ResourceName] as Rules;
  return Object.prototype.hasOwnProperty.call(rules, action) ? rules[action] : null;
}

/** Whether the permissions allow `action` on `resource`; unknown resource or action: denied. */
export function canAccess(permissions: Permissions | null | undefined, resource: string, action: string): boolean {
  const rule = accessRule(resource, action);
  return rule !== null && hasAnyPermission(permissions, rule);
}

/** Every action the table names for a resource (for tests and docs). */
export function actionsOf(resource: ResourceName): string[] {
  return Object.keys(ACCESS[resource]);
}
