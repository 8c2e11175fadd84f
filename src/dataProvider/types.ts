import type { AuthProvider, DataProvider, Identifier, UserIdentity } from 'react-admin';
import type { Batch } from '../../domain/catalog';
import type { BulkBody, BulkResult, CardCount, CardFilter, CardMoveResult, ExportLanguage, GiftCard, ReturnBody } from '../../domain/giftcards';
import type { OrderCodeFormat, OrderDetail, OrderFilter, OrderTracking } from '../../domain/orders';
import type { CreateOrderBody, OrderConfiguration, OrderItem, OrderItemBody, OrderStockRun } from '../../domain/orders';
import type { CardBulkBody, CardBulkResult, CreateReloadsBody, FundWalletBody, NotificationSettings, NotificationSettingsBody } from '../../domain/reloadables';
import type { ReloadableCard, ReloadRunDetail, ReloadValidation, TransferBody, ValidateReloadsBody, Wallet, WalletMovementFilter } from '../../domain/reloadables';
import type { ReloadRunFilter } from '../../domain/reloadables';
import type { Language } from '../../domain/constants';
import type { UserConfiguration } from '../../domain/schemas/auth';
import type { ProfileBody } from '../../domain/schemas/users';
import type { UserActions } from './usersActions';
import type { CompanyRecord } from '../../domain/schemas/companies-api';
import type { ReferentInput } from '../../domain/schemas/company';
import type { StoreImportResult } from '../../domain/schemas/stores-api';
import type { EmailRecord } from '../../domain/emails';
import type { SquareCommunication, SquareOrder, SquareOrderCreateBody, SquareValidateBody, SquareValidation } from '../../domain/schemas/square';
import type { ViewedCompany } from './session';
import type { TicketActions } from './ticketActions';
import type { ReportActions } from './reportActions';
import type { DashboardActions } from './dashboardActions';
import type { OrderHistoryActions } from './orderHistoryActions';
import type { ApiKeyActions } from './apiKeyActions';
import type { AuditActions } from './auditActions';

/**
 * The calls that are not CRUD, as named dataProvider methods. Both the real provider
 * (dataProvider.ts, over /api) and the demo provider (src/demo, in memory) implement them with
 * the same rules and error codes, so a screen never knows which one it talks to.
 * Money-moving calls take an Idempotency-Key: a replay answers the first result.
 */
export interface TesseraActions {
  /**
   * The filtered card list as CSV for a spreadsheet in the user's language (`it`: ";" and decimal
   * comma, `en`: "," and point) with times in their zone; UTF-8 with BOM, formula-safe.
   */
  exportGiftCards(filter: CardFilter, format: { language: ExportLanguage; timeZone: string }, signal?: AbortSignal): Promise<Blob>;
  /** How many cards match the filter: exact up to 10,000, else `capped`. */
  countGiftCards(filter: CardFilter, signal?: AbortSignal): Promise<CardCount>;
  /** Exact code; NOT_FOUND when it does not exist or is outside the caller's scope. */
  searchGiftCardByCode(code: string, signal?: AbortSignal): Promise<GiftCard>;
  reloadGiftCard(id: Identifier, amountCents: number, idempotencyKey: string): Promise<CardMoveResult>;
  /** One action on the given ids or on every card matching a filter; per-card results. */
  bulkGiftCards(body: BulkBody, idempotencyKey: string): Promise<BulkResult>;
  unfreezeTransaction(id: Identifier, idempotencyKey: string): Promise<CardMoveResult>;
  returnConsume(id: Identifier, body: ReturnBody, idempotencyKey: string): Promise<CardMoveResult>;
  cancelTransaction(id: Identifier, idempotencyKey: string): Promise<CardMoveResult>;
  /** Good lines saved, bad ones reported (line, code, message key). */
  importStores(file: File): Promise<StoreImportResult>;
  storeImportTemplate(): Promise<Blob>;
  saveCompanyReferent(companyId: Identifier, referent: ReferentInput): Promise<CompanyRecord>;
  /** A never-activated referent is deleted, an active one disabled (sessions end); the company answers with `referent: null`. */
  removeCompanyReferent(companyId: Identifier): Promise<CompanyRecord>;
  uploadCompanyLogo(companyId: Identifier, file: File): Promise<CompanyRecord>;
  companyLogo(companyId: Identifier, signal?: AbortSignal): Promise<Blob>;
  /** SPEC §7: a generated report as a CSV blob. */
  downloadReport(reportId: string, signal?: AbortSignal): Promise<Blob>;
  /** Activates (or deactivates) a batch's cards as a job; `amountCents` only for a variable-value typology. */
  activateBatch(id: Identifier, idempotencyKey: string, amountCents?: number): Promise<Batch>;
  deactivateBatch(id: Identifier, idempotencyKey: string): Promise<Batch>;
  /** Asks for the batch's print-ready PDF archive (made by a job: archiveStatus PENDING). */
  requestBatchArchive(id: Identifier): Promise<Batch>;
  /** The finished PDF archive (409 ARCHIVE_NOT_READY before it is COMPLETED). */
  downloadBatchArchive(id: Identifier, signal?: AbortSignal): Promise<Blob>;
}

/** The two order lists of SPEC §2: orders the company placed, orders others placed for it. */
export type OrderView = 'placed' | 'acquired';

/** Gift-card orders (server/modules/orders/README.md): downloads, the order's cards and its life's actions. */
export interface OrderActions {
  /** The filtered order list (placed or acquired view) as CSV in the user's language and zone. */
  exportOrders(view: OrderView, filter: OrderFilter, format: { language: ExportLanguage; timeZone: string }, signal?: AbortSignal): Promise<Blob>;
  /** An issued order's codes as CSV (the PDF sheets do not exist yet: 501 ORDER_FORMAT_UNAVAILABLE). */
  /** the order's codes: a CSV in the user's language, or the PDF of print-ready card fronts */
  orderCodes(view: OrderView, id: Identifier, options: { format: OrderCodeFormat; language: ExportLanguage; timeZone: string }, signal?: AbortSignal): Promise<Blob>;
  /** A page of the order's gift cards (progressive order); `hasNextPage` from `Content-Range …/*`. */
  confirmOrder(id: Identifier, idempotencyKey: string): Promise<OrderDetail>;
  activateOrder(id: Identifier, idempotencyKey: string): Promise<OrderDetail>;
  cancelOrder(id: Identifier, idempotencyKey: string): Promise<OrderDetail>;
  /** ERROR → PENDING (provider staff). */
  retryOrder(id: Identifier): Promise<OrderDetail>;
  /** The cards' expiry day (YYYY-MM-DD, today or later), before activation. */
  editOrderExpiry(id: Identifier, expireDate: string): Promise<OrderDetail>;
  /** Tracking of a third-party shipment (provider staff): → SHIPPED. */
  setOrderTracking(id: Identifier, tracking: OrderTracking): Promise<OrderDetail>;
  /** SHIPPED → SHIPMENT_DELIVERED: "mark as delivered" (placed) / "received" (acquired). */
  markOrderDelivered(view: OrderView, id: Identifier): Promise<OrderDetail>;
  resendOrderConfirmation(id: Identifier): Promise<{ emails: number }>;
}

/** The order wizard (SPEC §2/§4): the draft (NEW) is saved on the server at every step. */
export interface OrderWizardActions {
  /** POST orders: a new draft for the caller's company or a company below it. */
  createOrderDraft(body: CreateOrderBody): Promise<OrderDetail>;
  /** Unsold physical stock of a typology the order may draw ranges from: runs of consecutive progressives per lot. */
  orderStock(typologyId: Identifier, signal?: AbortSignal): Promise<OrderStockRun[]>;
  addOrderItem(orderId: Identifier, item: OrderItemBody): Promise<OrderItem>;
  /** Replaces the item (its files and recipients too). */
  editOrderItem(orderId: Identifier, itemId: Identifier, item: OrderItemBody): Promise<OrderItem>;
  removeOrderItem(orderId: Identifier, itemId: Identifier): Promise<OrderDetail>;
  configureOrder(orderId: Identifier, configuration: OrderConfiguration): Promise<OrderDetail>;
  deleteOrderDraft(orderId: Identifier): Promise<void>;
}

/**
 * The reloadable programme (server/modules/reloadables/README.md). Lists and details go through
 * the CRUD methods (`reloadables/*` resources: movements, sub-company wallets, cards, a card's
 * history, users, runs, a run's rows, the queue, the history); these are the rest.
 */
export interface ReloadableActions {
  /** The wallet of the company looked at (or of one of its sub-companies, for a parent). */
  getWallet(subCompanyId?: Identifier, signal?: AbortSignal): Promise<Wallet>;
  /** Provider staff put money into a company's wallet. */
  fundWallet(body: FundWalletBody, idempotencyKey: string): Promise<Wallet>;
  /** The wallet's movements (or a sub-company's) as CSV in the user's language and zone. */
  exportWalletMovements(filter: WalletMovementFilter, format: { language: ExportLanguage; timeZone: string }, subCompanyId?: Identifier, signal?: AbortSignal): Promise<Blob>;
  /** Parent ↔ sub-company: TO_SUB moves plafond down, FROM_SUB back up. Both wallets after it. */
  transferWallet(subCompanyId: Identifier, body: TransferBody, idempotencyKey: string): Promise<{ parent: Wallet; sub: Wallet }>;
  lockReloadableCard(id: Identifier): Promise<ReloadableCard>;
  unlockReloadableCard(id: Identifier): Promise<ReloadableCard>;
  /** A card reloaded by hand now: a one-row run against the wallet. */
  reloadReloadableCard(id: Identifier, amountCents: number, idempotencyKey: string): Promise<{ card: ReloadableCard; run: ReloadRunDetail }>;
  linkReloadableCardCompany(id: Identifier, companyId: Identifier): Promise<ReloadableCard>;
  setReloadableCardClientId(id: Identifier, clientId: string): Promise<ReloadableCard>;
  /** lock, unlock, reload, link company on many cards: the operation summary. */
  bulkReloadableCards(body: CardBulkBody, idempotencyKey: string): Promise<CardBulkResult>;
  /** The CSV template of a reloads file (columns cardNumber and amount; the language's separator). */
  reloadsTemplate(language: ExportLanguage): Promise<Blob>;
  /** Checks a selection or a CSV without running anything: good rows, bad rows (row, field, reason), total, shortfall. */
  validateReloads(body: ValidateReloadsBody, signal?: AbortSignal): Promise<ReloadValidation>;
  /** Runs (or plans) the rows: all-or-nothing against the plafond; 400 RELOAD_ROWS_INVALID with the bad rows otherwise. */
  createReloads(body: CreateReloadsBody, idempotencyKey: string): Promise<ReloadRunDetail>;
  /** Deletes every still-planned row of a run that has not started. */
  deleteReloadRun(id: Identifier): Promise<ReloadRunDetail>;
  /** The history (completed runs' rows) as CSV in the user's language and zone. */
  exportReloadsHistory(filter: ReloadRunFilter, format: { language: ExportLanguage; timeZone: string }, signal?: AbortSignal): Promise<Blob>;
  getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings>;
  saveNotificationSettings(body: NotificationSettingsBody): Promise<NotificationSettings>;
}

/** The order actions of a square order that move it (`POST orders/{id}/<action>`). */
export type SquareOrderMove = 'confirm' | 'approve' | 'activate' | 'cancel';

/**
 * Square vouchers (server/modules/square/README.md): lists and records go through the CRUD
 * methods (`square/orders`, `square/codes`, `square/communications`); these are the rest.
 */
export interface SquareActions {
  /** The recipients CSV template in the user's language (separator and decimal mark). */
  squareOrderTemplate(language: ExportLanguage): Promise<Blob>;
  /** Reads the file as the order would: counts, total, every problem by line; nothing is written. */
  validateSquareOrder(body: SquareValidateBody, signal?: AbortSignal): Promise<SquareValidation>;
  /** A new order (PENDING, read by a job); 400 SQUARE_ROWS_INVALID / 409 SQUARE_WARNINGS_NOT_ACCEPTED with the validation. */
  createSquareOrder(body: SquareOrderCreateBody, idempotencyKey: string): Promise<SquareOrder>;
  moveSquareOrder(id: Identifier, action: SquareOrderMove): Promise<SquareOrder>;
  /** A draft, with its rows. */
  deleteSquareOrder(id: Identifier): Promise<void>;
  /** Every code of the order with its recipient, state and last delivery, as CSV in the user's language and zone. */
  squareReconciliation(id: Identifier, format: { language: ExportLanguage; timeZone: string }, signal?: AbortSignal): Promise<Blob>;
  /** A new attempt of a sent or failed communication (retry number + 1). */
  resendSquareCommunication(id: Identifier): Promise<SquareCommunication>;
}

/**
 * Every e-mail the product sends (domain/emails.ts, provider staff): list and record go through the
 * CRUD methods (`emails`); this is the rest.
 */
export interface EmailActions {
  /**
   * Sends a done e-mail (sent, logged or failed) again and answers the e-mail it queued: an outbox
   * e-mail's is a new record (a new id, `resentFromId` the original's), a square code's the same
   * record queued again. 409 EMAIL_BUSY while it is still being delivered, 409 EMAIL_ONE_TIME_LINK
   * for an activation, reset or e-mail change e-mail.
   */
  resendEmail(id: Identifier): Promise<EmailRecord>;
}

export type TesseraDataProvider = DataProvider & TesseraActions & OrderActions & OrderWizardActions & ReloadableActions & SquareActions & UserActions & TicketActions & ReportActions & DashboardActions & OrderHistoryActions & ApiKeyActions & AuditActions & EmailActions;

/**
 * The account calls of SPEC §7 live on the authProvider, the one road to the session: pages call
 * them through `useTesseraAuthProvider()`, never the http client.
 */
/** The signed-in user as a page names them: "Ada Lovelace", the address for one without a name. */
export interface SignedInUser {
  name: string;
  email: string;
}

export interface TesseraAccountActions {
  /**
   * Who the stored session belongs to, asked without the http client's refresher (whose refused
   * refresh leaves for the root): for a page that ends that session and says whose it was (an
   * e-mailed link opened where someone is signed in, issue 42). Null signed out, or when the
   * session can no longer say (revoked, expired); never rejects.
   */
  signedInUser(): Promise<SignedInUser | null>;
  /** On success the stored tokens are removed (SPEC §4). */
  forgotPassword(email: string): Promise<void>;
  resetPassword(password: string, token: string): Promise<void>;
  activateAccount(password: string, token: string): Promise<void>;
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  /** The own data (SPEC §3 profile); a new e-mail waits for its link (`pendingEmail`). Answers the new configuration. */
  updateProfile(profile: ProfileBody): Promise<UserConfiguration>;
  /** The own language, kept on the server for the e-mails (the texts follow `i18nextLng`). */
  setLanguage(language: Language): Promise<void>;
  /** Confirms an e-mail change from its link (public). */
  confirmEmail(token: string): Promise<void>;
  /** The signed-in user's profile, company and permissions (5-minute cache, SPEC §7). */
  getConfiguration(): Promise<UserConfiguration>;
  /**
   * `canAccess`'s answer when the configuration has already arrived, else undefined: the shell's
   * menu and the screen gate start from it instead of a round of renders waiting for the same answer.
   */
  canAccessNow(params: { resource: string; action: string }): boolean | undefined;
  /** `getIdentity`'s answer when the configuration has already arrived, else undefined (the header's first render has it). */
  identityNow?(): UserIdentity | undefined;
  /** The company of the session (`companyId` in local storage), or null signed out. */
  getCompanyId(): string | null;
  /**
   * Both tokens stored (SPEC §2), answered synchronously: the route guard redirects before any
   * screen mounts, rather than through react-admin's async checkAuth → logout chain.
   */
  hasSession(): boolean;
  /**
   * Forget the stored session without asking the server: for a host that knows it is over, as the
   * demo's does when its database starts again from the seed (its sign-ins died with the last one).
   */
  forgetSession(): void;
  /** The company whose data the user looks at when not their own (null: their own). */
  getViewedCompany(): ViewedCompany | null;
  /** Look at another company of the user's scope (null: back to their own); identity follows. */
  setViewedCompany(company: ViewedCompany | null): void;
}

export type TesseraAuthProvider = AuthProvider & TesseraAccountActions;
