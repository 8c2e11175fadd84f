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
type Rules = Readonly<Record<string, AccessRule>>;

const crud = (keys: readonly PermissionKey[], ...actions: string[]): Rules => Object.fromEntries(actions.map((action) => [action, { anyOf: keys, staff: false }]));
/** The same, for provider staff only (the flag is needed as well). */
const staff = (keys: readonly PermissionKey[], ...actions: string[]): Rules => Object.fromEntries(actions.map((action) => [action, { anyOf: keys, staff: true }]));
/** The same, for provider staff and a company's referent (the flag is needed as well). */
const staffOrReferent = (keys: readonly PermissionKey[], ...actions: string[]): Rules =>
  Object.fromEntries(actions.map((action) => [action, { anyOf: keys, staff: true, orReferent: true }]));

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
  /** batches and their PDF archives; making them, their archives, activating and deactivating them is provider staff's */
  'privative/batches': { ...crud(BATCHES, 'list', 'show', 'download'), ...staff(BATCHES, 'create', 'activate', 'deactivate', 'archive') },
  /** the card catalog: read by the card screens and the order wizard */
  'privative/typologies': {
    ...crud([...MANAGEMENT, ...ORDERS, ...BATCHES], 'list', 'show'),
    // the catalog is managed by provider staff
    ...staff(BATCHES, 'create', 'edit'),
  },
  'privative-orders/companies': crud(COMPANIES, 'list', 'show', 'create', 'edit', 'delete', 'logo'),
  /** the operators tab of the companies registry */
  'privative-orders/operators': crud(COMPANIES, 'list', 'show', 'create', 'edit', 'delete'),
  /** orders the caller's company placed; a failed order's retry and a shipment's tracking are provider staff's */
  'privative-orders/orders': {
    ...crud(ORDERS, 'list', 'show', 'create', 'edit', 'delete', 'export', 'confirm', 'activate', 'cancel', 'editExpiry', 'resendConfirmation', 'delivered', 'codes'),
    ...staff(ORDERS, 'tracking', 'retry'),
  },
  /** orders other companies placed for the caller's company: read-only, codes, "received" */
  'privative-orders/acquired-orders': crud(ACQUIRED, 'list', 'show', 'export', 'codes', 'delivered'),
  /** an order's gift cards, on the order's page: who may open the order may list them */
  'privative-orders/order-cards': crud(ORDERS, 'list'),
  'privative-orders/acquired-order-cards': crud(ACQUIRED, 'list'),
  /** the company's wallet: balance, movements, CSV; funding is provider staff's */
  'reloadables/wallet': { ...crud(WALLET, 'list', 'export'), ...staff(WALLET, 'fund') },
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
  /** voucher orders from a recipients CSV; approval is provider staff's */
  'square/orders': { ...crud(['square.orders'], 'list', 'show', 'create', 'validate', 'template', 'delete', 'confirm', 'activate', 'cancel', 'export'), ...staff(['square.orders'], 'approve') },
  'square/codes': crud(['square.codes'], 'list', 'show'),
  'square/communications': crud(['square.communications'], 'list', 'resend'),
  /** support tickets of the subtree; setting a status, restoring and the internal fields are provider staff's */
  tickets: { ...crud(TICKETING, 'list', 'show', 'create', 'reply', 'reopen', 'delete', 'download'), ...staff(TICKETING, 'status', 'restore', 'internal') },
  /** the categories new tickets are made in; creating and editing them is provider staff's */
  'tickets/categories': { ...crud(TICKETING, 'list', 'show'), ...staff(TICKETING, 'create', 'edit') },
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
  /** the audit trail of the subtree: provider staff, and a company's referent on their company's subtree */
  audit: staffOrReferent(USERS, 'list', 'show', 'export'),
  /** every e-mail the product sent or will send (outbox and square codes): provider staff's; resend sends one again (domain/emails.ts) */
  emails: staff(USERS, 'list', 'show', 'resend'),
  /** the dashboard; `premium` (typology and store breakdowns, the previous period) is reportPremium's */
  dashboard: { ...crud(DASHBOARD, 'list'), ...crud(['powerBi.reportPremium'], 'premium') },
} as const satisfies Record<string, Rules>;

export type ResourceName = keyof typeof ACCESS;
export type ActionOf<R extends ResourceName> = keyof (typeof ACCESS)[R] & string;

export const RESOURCE_NAMES = Object.keys(ACCESS) as ResourceName[];

/** What the table reads of the caller besides their flags: whether their company is the provider, whether they are its referent. */
export interface AccessContext {
  isProvider?: boolean;
  isReferent?: boolean;
}

/** The table's entry for `action` on `resource`; null when the table has no such entry. */
export function accessRule(resource: string, action: string): AccessRule | null {
  if (!Object.prototype.hasOwnProperty.call(ACCESS, resource)) return null;
  const rules = ACCESS[resource as ResourceName] as Rules;
  return Object.prototype.hasOwnProperty.call(rules, action) ? rules[action] : null;
}

/**
 * Why the table refuses `action` on `resource`, or null when it allows it: FORBIDDEN without one of
 * the entry's flags (or for an entry it does not have), PROVIDER_STAFF_ONLY when the flags are held
 * but the entry is provider staff's and the caller is a customer's user (FORBIDDEN when the entry
 * is open to referents too and the caller is not their company's referent).
 */
export function accessRefusal(permissions: Permissions | null | undefined, resource: string, action: string, context: AccessContext = {}): 'FORBIDDEN' | 'PROVIDER_STAFF_ONLY' | null {
  const rule = accessRule(resource, action);
  if (rule === null || !hasAnyPermission(permissions, rule.anyOf)) return 'FORBIDDEN';
  if (!rule.staff || context.isProvider === true) return null;
  if (rule.orReferent) return context.isReferent === true ? null : 'FORBIDDEN';
  return 'PROVIDER_STAFF_ONLY';
}

/** Whether the table lets these permissions (and company kind) do `action` on `resource`; unknown resource or action: denied. */
export function canAccess(permissions: Permissions | null | undefined, resource: string, action: string, context: AccessContext = {}): boolean {
  return accessRefusal(permissions, resource, action, context) === null;
}

/** Every action the table names for a resource (for tests and docs). */
export function actionsOf(resource: ResourceName): string[] {
  return Object.keys(ACCESS[resource]);
}
