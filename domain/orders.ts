import { z } from 'zod';
import { accessRule, canAccess, type ResourceName } from './access';
import { MAX_UPLOAD_BYTES } from './constants';
import type { ApiErrorCode } from './errors';
import type { ChoiceTone, FieldChoice } from './fields';
import { EXPORT_LANGUAGES, isTimeZone, refineDateRanges } from './giftcards';
import { endOfDay, expiryAtActivation } from './giftcardRules';
import { amountMaxMessage, fileTooLargeMessage, lengthRangeMessage, maxDigitsMessage, maxLengthMessage, maxRangesMessage, messageWith, numberMinMessage, VALIDATION_MESSAGES } from './messages';
import type { Permissions } from './permissions';
import { textField } from './text';

/**
 * Gift-card orders (SPEC §2 order screens, §3 "Order", §4 order states, §5 order rules; issue 9),
 * shared by the SPA and the API. The transition table below is the one the server enforces; the
 * server also answers, in each order's record, the actions its caller may take now
 * (`orderRecordActions`), which are the buttons the SPA shows. Amounts are integer cents; dates ISO 8601.
 * Messages are i18n keys.
 */

// ---------------------------------------------------------------- states

/** SPEC §4 raw private-order states. */
export const ORDER_STATES = [
  'NEW',
  'IN_PROGRESS',
  'PENDING',
  'PENDING_CANCEL',
  'IN_PROGRESS_CANCEL',
  'SHIPMENT_IN_PROGRESS',
  'SHIPPED',
  'SHIPMENT_DELIVERED',
  'COMPLETED',
  'ERROR',
  'CANCELLED',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** SPEC §4 display names: several raw states read "in progress"; COMPLETED reads "issued", ERROR "verification". */
export const ORDER_DISPLAY_STATES = ['draft', 'inProgress', 'shipmentInProgress', 'shipped', 'delivered', 'issued', 'verification', 'cancelled'] as const;
export type OrderDisplayState = (typeof ORDER_DISPLAY_STATES)[number];

export const ORDER_STATE_DISPLAY: Record<OrderState, OrderDisplayState> = {
  NEW: 'draft',
  IN_PROGRESS: 'inProgress',
  PENDING: 'inProgress',
  PENDING_CANCEL: 'inProgress',
  IN_PROGRESS_CANCEL: 'inProgress',
  SHIPMENT_IN_PROGRESS: 'shipmentInProgress',
  SHIPPED: 'shipped',
  SHIPMENT_DELIVERED: 'delivered',
  COMPLETED: 'issued',
  ERROR: 'verification',
  CANCELLED: 'cancelled',
};

/**
 * SPEC §4 badge colours: issued and delivered green; in progress and pending yellow; a cancelled
 * order grey; a draft transparent. SPEC names no colour for "verification" (a failed issue that
 * provider staff must look at) nor for "shipped": red and green.
 */
export const ORDER_STATE_TONES: Record<OrderState, ChoiceTone> = {
  NEW: 'transparent',
  IN_PROGRESS: 'yellow',
  PENDING: 'yellow',
  PENDING_CANCEL: 'yellow',
  IN_PROGRESS_CANCEL: 'yellow',
  SHIPMENT_IN_PROGRESS: 'yellow',
  SHIPPED: 'green',
  SHIPMENT_DELIVERED: 'green',
  COMPLETED: 'green',
  ERROR: 'red',
  CANCELLED: 'grey',
};

/** i18n key of a state's display name (locales/<lang>/translation.json `orders.status.*`). */
export const orderStateKey = (state: OrderState) => `orders.status.${ORDER_STATE_DISPLAY[state]}`;
export const ORDER_STATE_CHOICES: readonly FieldChoice[] = ORDER_STATES.map((id) => ({ id, name: orderStateKey(id), tone: ORDER_STATE_TONES[id] }));

/** SPEC §1 card types as shipping types: digital, physical shipped by the customer, physical shipped by a third party. */
export const SHIPPING_TYPES = ['DIGITAL', 'PHYSICAL', 'PHISICAL_SHIPMENT'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];
export const shippingTypeKey = (type: ShippingType) => `orders.shippingType.${type}`;
export const SHIPPING_TYPE_CHOICES: readonly FieldChoice[] = SHIPPING_TYPES.map((id) => ({ id, name: shippingTypeKey(id) }));
/** The typology type (catalog) the items of an order of this shipping type must have. */
export const typologyTypeFor = (shipping: ShippingType): 'DIGITAL' | 'PHYSICAL' => (shipping === 'DIGITAL' ? 'DIGITAL' : 'PHYSICAL');

/** States in which a job is working on the order (the SPA polls the detail while one is shown). */
export const ORDER_BUSY_STATES: readonly OrderState[] = ['PENDING', 'IN_PROGRESS', 'PENDING_CANCEL', 'IN_PROGRESS_CANCEL'];

/** States of an order being cancelled or cancelled: it will never be activated. */
export const ORDER_CANCEL_STATES: readonly OrderState[] = ['PENDING_CANCEL', 'IN_PROGRESS_CANCEL', 'CANCELLED'];

/**
 * SPEC §4's activation flag in words: "activated", "to be activated", or "not activated" for an
 * order cancelled (or being cancelled), which will never be. Screens and CSV exports say the same
 * (`orderScreens.activation.*`).
 */
export const ORDER_ACTIVATIONS = ['activated', 'toActivate', 'notActivated'] as const;
export type OrderActivation = (typeof ORDER_ACTIVATIONS)[number];
export function orderActivation(order: { state: OrderState; activated: boolean }): OrderActivation {
  if (order.activated) return 'activated';
  return ORDER_CANCEL_STATES.includes(order.state) ? 'notActivated' : 'toActivate';
}

/**
 * When the order's cards expire: the day set with "edit expiry" (to its end, UTC), or `validMonths`
 * after activation (what activate gives the cards); null while it is not activated and no day is
 * set (its cards then last `validMonths` from activation).
 */
export function orderCardsExpiry(order: { expireDate: string | null; activatedAt: string | Date | null; validMonths: number }): Date | null {
  if (order.expireDate) return endOfDay(order.expireDate);
  if (!order.activatedAt) return null;
  return expiryAtActivation({ expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: order.validMonths, expirationDate: null }, new Date(order.activatedAt));
}

// ---------------------------------------------------------------- the transition table

/** What a user may ask of an order (routes under orders/{id}/…). */
export const ORDER_ACTIONS = [
  'editConfiguration',
  'addItem',
  'editItem',
  'removeItem',
  'delete',
  'confirm',
  'retry',
  'activate',
  'cancel',
  'editExpiry',
  'resendConfirmation',
  'tracking',
  'delivered',
  'downloadCodes',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const ISSUED_ACTIONS = { activate: 'SAME', cancel: 'PENDING_CANCEL', editExpiry: 'SAME', resendConfirmation: 'SAME', downloadCodes: 'SAME' } as const;

/**
 * State × action → the state the order moves to ('SAME': it stays). An action missing from a
 * state's row is refused with ORDER_STATE_INVALID. Further conditions (`orderActionRefusal`):
 * after activation no activate, cancel or expiry edit (ORDER_ALREADY_ACTIVATED); tracking and
 * delivered only for third-party shipments; retry and tracking only for provider staff.
 *
 * What jobs do (not user actions, `ORDER_JOB_TRANSITIONS`): confirm → PENDING; the issue job
 * takes PENDING → IN_PROGRESS → COMPLETED ("issued"), or SHIPMENT_IN_PROGRESS for a third-party
 * shipment, or ERROR ("verification") with the reason; the cancel job takes PENDING_CANCEL →
 * IN_PROGRESS_CANCEL → CANCELLED, or back to the state it came from when a card was used meanwhile.
 */
export const ORDER_TRANSITIONS: Record<OrderState, Partial<Record<OrderAction, OrderState | 'SAME'>>> = {
  NEW: { editConfiguration: 'SAME', addItem: 'SAME', editItem: 'SAME', removeItem: 'SAME', delete: 'SAME', confirm: 'PENDING' },
  PENDING: { cancel: 'PENDING_CANCEL', resendConfirmation: 'SAME' },
  IN_PROGRESS: { resendConfirmation: 'SAME' },
  COMPLETED: { ...ISSUED_ACTIONS },
  SHIPMENT_IN_PROGRESS: { ...ISSUED_ACTIONS, tracking: 'SHIPPED' },
  SHIPPED: { ...ISSUED_ACTIONS, tracking: 'SAME', delivered: 'SHIPMENT_DELIVERED' },
  SHIPMENT_DELIVERED: { ...ISSUED_ACTIONS },
  ERROR: { retry: 'PENDING', cancel: 'PENDING_CANCEL', resendConfirmation: 'SAME' },
  PENDING_CANCEL: {},
  IN_PROGRESS_CANCEL: {},
  CANCELLED: {},
};

/** The jobs' own moves (documentation and tests; the job handlers follow them). */
export const ORDER_JOB_TRANSITIONS = {
  issueStart: { from: ['PENDING'], to: 'IN_PROGRESS' },
  issueDone: { from: ['IN_PROGRESS'], to: ['COMPLETED', 'SHIPMENT_IN_PROGRESS'] },
  issueFailed: { from: ['PENDING', 'IN_PROGRESS'], to: 'ERROR' },
  cancelStart: { from: ['PENDING_CANCEL'], to: 'IN_PROGRESS_CANCEL' },
  cancelDone: { from: ['IN_PROGRESS_CANCEL'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly OrderState[]; to: OrderState | readonly OrderState[] }>;

/** The state a successful issue ends in. */
export const issuedStateFor = (shipping: ShippingType): OrderState => (shipping === 'PHISICAL_SHIPMENT' ? 'SHIPMENT_IN_PROGRESS' : 'COMPLETED');

/** The order actions the access table keeps to provider staff (domain/access.ts: retry, tracking). */
const PROVIDER_ONLY: readonly OrderAction[] = ORDER_ACTIONS.filter((action) => accessRule('privative-orders/orders', action)?.staff === true);
const SHIPMENT_ONLY: readonly OrderAction[] = ['tracking', 'delivered'];
const NOT_AFTER_ACTIVATION: readonly OrderAction[] = ['activate', 'cancel', 'editExpiry'];

export interface OrderFacts {
  state: OrderState;
  shippingType: ShippingType;
  activated: boolean;
}
export interface OrderViewer {
  /** provider staff (the root company's users) */
  isProvider: boolean;
}

/** Why `action` is refused on the order (an API error code), or null when it is allowed. */
export function orderActionRefusal(action: OrderAction, order: OrderFacts, viewer: OrderViewer): ApiErrorCode | null {
  if (PROVIDER_ONLY.includes(action) && !viewer.isProvider) return 'FORBIDDEN';
  if (SHIPMENT_ONLY.includes(action) && order.shippingType !== 'PHISICAL_SHIPMENT') return 'ORDER_ACTION_NOT_ALLOWED';
  if (NOT_AFTER_ACTIVATION.includes(action) && order.activated) return 'ORDER_ALREADY_ACTIVATED';
  return ORDER_TRANSITIONS[order.state][action] === undefined ? 'ORDER_STATE_INVALID' : null;
}

export type OrderActionAnswer = { allowed: true; to: OrderState } | { allowed: false; reason: ApiErrorCode };

/** Whether `action` is allowed and the state it leads to; otherwise the refusal code. */
export function canOrder(action: OrderAction, order: OrderFacts, viewer: OrderViewer): OrderActionAnswer {
  const reason = orderActionRefusal(action, order, viewer);
  if (reason) return { allowed: false, reason };
  const to = ORDER_TRANSITIONS[order.state][action]!;
  return { allowed: true, to: to === 'SAME' ? order.state : to };
}

/** The actions the transition table allows the viewer on the order (`orderRecordActions` adds the rest of what its record offers). */
export function orderActionsFor(order: OrderFacts, viewer: OrderViewer): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => orderActionRefusal(action, order, viewer) === null);
}

/** HTTP status of an order refusal. */
export const orderRefusalStatus = (code: ApiErrorCode): number => (code === 'FORBIDDEN' ? 403 : code === 'NOT_FOUND' ? 404 : 409);

// ---------------------------------------------------------------- drafts

/** The configuration fields a draft must have saved before it may be confirmed (`orderConfigurationSchema` requires them). */
export type OrderConfigurationFacts = Pick<Order, 'referentName' | 'referentEmail' | 'companyOrderNumber'>;

/** The configuration step is done: its required fields are saved. */
export const isOrderConfigured = (order: OrderConfigurationFacts) => Boolean(order.referentName && order.referentEmail && order.companyOrderNumber);

/**
 * What confirming a draft needs beyond its state: a product (else ORDER_EMPTY) and the
 * configuration (else ORDER_INCOMPLETE). The API and the demo refuse with it; an order's record
 * offers "confirm" only where it is null (`orderRecordActions`), and the SPA otherwise continues
 * the wizard at the step it names.
 */
export function orderConfirmRefusal(order: OrderConfigurationFacts, itemCount: number): 'ORDER_EMPTY' | 'ORDER_INCOMPLETE' | null {
  if (itemCount === 0) return 'ORDER_EMPTY';
  return isOrderConfigured(order) ? null : 'ORDER_INCOMPLETE';
}

// ---------------------------------------------------------------- what an order's record offers its caller

/** The two views of orders (server/modules/orders/README.md): those the caller's subtree placed, and those others placed for it. */
export const ORDER_VIEWS = ['placed', 'acquired'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
/** Each view's resource in the access table (domain/access.ts), which is also its routes' and screens' name. */
export const ORDER_VIEW_RESOURCES = { placed: 'privative-orders/orders', acquired: 'privative-orders/acquired-orders' } as const satisfies Record<OrderView, ResourceName>;

/**
 * What an order's detail record offers its caller (`OrderDetail.actions`, the order page's
 * buttons, in their order): order actions, and `continue`, which takes a draft back into the
 * wizard at its first step not done (the wizard's own steps, items and configuration, are not
 * offered one by one).
 */
export const ORDER_RECORD_ACTIONS = ['continue', 'confirm', 'activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'tracking', 'delivered', 'retry', 'cancel', 'delete'] as const satisfies readonly (OrderAction | 'continue')[];
export type OrderRecordAction = (typeof ORDER_RECORD_ACTIONS)[number];

/** The access-table action (domain/access.ts) each needs: the one its route declares. */
export const ORDER_ACCESS_ACTION: Readonly<Record<OrderRecordAction, string>> = {
  continue: 'edit',
  confirm: 'confirm',
  activate: 'activate',
  downloadCodes: 'codes',
  resendConfirmation: 'resendConfirmation',
  editExpiry: 'editExpiry',
  tracking: 'tracking',
  delivered: 'delivered',
  retry: 'retry',
  cancel: 'cancel',
  delete: 'delete',
};

/** What each view may offer: acquired orders are read-only but for their codes and "received" (`delivered`). */
export const ORDER_VIEW_ACTIONS: Readonly<Record<OrderView, readonly OrderRecordAction[]>> = {
  placed: ORDER_RECORD_ACTIONS,
  acquired: ['downloadCodes', 'delivered'],
};

/** Who asks: their permission flags, and whether their company is the provider. */
export interface OrderCaller extends OrderViewer {
  permissions: Permissions | null | undefined;
}

/**
 * The actions `caller` may take now on the order in `view`, exactly those that would succeed:
 * what the transition table allows this caller (`orderActionsFor`), "confirm" only for a draft
 * the server would confirm (`orderConfirmRefusal`: a product and the configuration), "continue"
 * for a draft that may still be edited, only what the view offers (`ORDER_VIEW_ACTIONS`), and
 * only what the access table grants the caller on the view's resource. The server answers them
 * in every order detail; the SPA offers exactly these.
 */
export function orderRecordActions(order: OrderFacts & OrderConfigurationFacts, itemCount: number, caller: OrderCaller, view: OrderView): OrderRecordAction[] {
  const allowed = new Set<string>(orderActionsFor(order, caller));
  if (allowed.has('confirm') && orderConfirmRefusal(order, itemCount) !== null) allowed.delete('confirm');
  if (allowed.has('editConfiguration')) allowed.add('continue');
  const resource = ORDER_VIEW_RESOURCES[view];
  return ORDER_VIEW_ACTIONS[view].filter((action) => allowed.has(action) && canAccess(caller.permissions, resource, ORDER_ACCESS_ACTION[action], { isProvider: caller.isProvider }));
}

// ---------------------------------------------------------------- payloads

/** SPEC §5/§9: activation validity 1 to 12 months, default 1. */
export const VALID_MONTHS_MIN = 1;
export const VALID_MONTHS_MAX = 12;
export const VALID_MONTHS_DEFAULT = 1;
/** Cards of one item (and recipients of one names list). */
export const MAX_ITEM_CARDS = 10_000;
/** Cards of one order. */
export const MAX_ORDER_CARDS = 50_000;
/** Ranges of progressives of one item. */
export const MAX_ITEM_RANGES = 100;
/** Face value of one card of a variable-value typology: up to 1,000,000.00 EUR. */
export const MAX_ITEM_VALUE_CENTS = 100_000_000;

/** The order rules' messages: the shared ones and the order's own. */
export const ORDER_MESSAGES = {
  ...VALIDATION_MESSAGES,
  rangeTotal: 'validation.orderRangeTotal',
  rangeOverlap: 'validation.orderRangeOverlap',
  quantity: messageWith('validation.orderQuantity', { max: MAX_ITEM_CARDS }),
  fileType: 'validation.fileType',
  fileTooLarge: fileTooLargeMessage(MAX_UPLOAD_BYTES),
  namesList: 'validation.orderNamesList',
  templateOrNames: 'validation.orderTemplateOrNames',
  physicalOnly: 'validation.orderPhysicalOnly',
  digitalOnly: 'validation.orderDigitalOnly',
  validMonths: messageWith('validation.orderValidMonths', { min: VALID_MONTHS_MIN, max: VALID_MONTHS_MAX }),
  email: 'validation.email',
  url: 'validation.url',
  futureDate: 'validation.futureDate',
} as const;

const requiredOr = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? ORDER_MESSAGES.required : key) });
const uuid = z.uuid(requiredOr(ORDER_MESSAGES.invalid));

export const createOrderSchema = z.object({ subCompanyId: uuid, shippingType: z.enum(SHIPPING_TYPES, requiredOr(ORDER_MESSAGES.invalid)) }).strict();
export type CreateOrderBody = z.infer<typeof createOrderSchema>;

/** The order referent's name: this many characters (the wizard's hint states them). */
export const REFERENT_NAME_LENGTH = { min: 2, max: 80 } as const;

export const orderConfigurationSchema = z
  .object({
    // the text rule (domain/text.ts); too short names the whole range
    referentName: textField({ max: REFERENT_NAME_LENGTH.max, min: 0 }).min(REFERENT_NAME_LENGTH.min, lengthRangeMessage(REFERENT_NAME_LENGTH.min, REFERENT_NAME_LENGTH.max)),
    referentEmail: z.email(requiredOr(ORDER_MESSAGES.email)).max(254, maxLengthMessage(254)),
    validMonths: z.number(requiredOr(ORDER_MESSAGES.validMonths)).int(ORDER_MESSAGES.validMonths).min(VALID_MONTHS_MIN, ORDER_MESSAGES.validMonths).max(VALID_MONTHS_MAX, ORDER_MESSAGES.validMonths).default(VALID_MONTHS_DEFAULT),
    companyOrderNumber: textField({ max: 40 }),
    sendEmailToCompanyContact: z.boolean(requiredOr(ORDER_MESSAGES.invalid)).default(false),
    autoActivate: z.boolean(requiredOr(ORDER_MESSAGES.invalid)).default(false),
    /** typed on several lines (the wizard's textarea) */
    shippingAddress: textField({ max: 300, min: 0, multiline: true }).nullable().default(null),
  })
  .strict();
export type OrderConfiguration = z.output<typeof orderConfigurationSchema>;

/** SPEC §3 "File to upload": type, name and base64 content without the data-URL prefix. */
const base64MaxChars = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;
export const uploadSchema = z
  .object({
    type: z.string(requiredOr(ORDER_MESSAGES.invalid)).max(100, maxLengthMessage(100)),
    name: textField({ max: 200 }),
    content: z.string(requiredOr(ORDER_MESSAGES.invalid)).min(1, ORDER_MESSAGES.required).max(base64MaxChars, ORDER_MESSAGES.fileTooLarge).regex(/^[A-Za-z0-9+/]*={0,2}$/, ORDER_MESSAGES.invalid),
  })
  .strict();

/** A progressive of a range: a whole number, 1 or more (at most 15 digits, like the card filter's). */
/** The first progressive a card can have. */
export const PROGRESSIVE_MIN = 1;
const progressiveNumber = z.number(requiredOr(numberMinMessage(PROGRESSIVE_MIN))).int(numberMinMessage(PROGRESSIVE_MIN)).min(PROGRESSIVE_MIN, numberMinMessage(PROGRESSIVE_MIN)).max(10 ** 15 - 1, maxDigitsMessage(15));
export const progressiveRangeSchema = z
  .object({
    from: progressiveNumber,
    to: progressiveNumber,
  })
  .strict();
export type ProgressiveRange = z.infer<typeof progressiveRangeSchema>;

/** Cards in ranges (each initial ≤ final). */
export const rangesTotal = (ranges: readonly ProgressiveRange[]) => ranges.reduce((sum, r) => sum + Math.max(0, r.to - r.from + 1), 0);

/**
 * An item (a product of the cart, a "variant"): physical orders give ranges of progressives
 * (initial ≤ final, not overlapping, their total = the quantity); digital orders a quantity with an
 * optional template image, or a names list (one card per recipient; the quantity is the list's).
 * Which of the two applies is the order's shipping type: `makeOrderItemSchema(shippingType)`.
 */
export function makeOrderItemSchema(shipping: ShippingType, options: { savedNamesList?: boolean } = {}) {
  const physical = shipping !== 'DIGITAL';
  return z
    .object({
      typologyId: uuid,
      quantity: z.number(requiredOr(ORDER_MESSAGES.quantity)).int(ORDER_MESSAGES.quantity).positive(ORDER_MESSAGES.quantity).max(MAX_ITEM_CARDS, ORDER_MESSAGES.quantity).optional(),
      /** face value of a variable-value typology; fixed-value typologies take the catalog's */
      valueCents: z.number(requiredOr(ORDER_MESSAGES.amount)).int(ORDER_MESSAGES.amount).positive(ORDER_MESSAGES.amount).max(MAX_ITEM_VALUE_CENTS, amountMaxMessage(MAX_ITEM_VALUE_CENTS)).optional(),
      ranges: z.array(progressiveRangeSchema).min(1, ORDER_MESSAGES.required).max(MAX_ITEM_RANGES, maxRangesMessage(MAX_ITEM_RANGES)).optional(),
      template: uploadSchema.nullable().optional(),
      namesList: uploadSchema.nullable().optional(),
    })
    .strict()
    .superRefine((item, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      if (physical) {
        if (item.template) issue(['template'], ORDER_MESSAGES.digitalOnly);
        if (item.namesList) issue(['namesList'], ORDER_MESSAGES.digitalOnly);
        if (!item.ranges) return issue(['ranges'], ORDER_MESSAGES.required);
        item.ranges.forEach((r, i) => r.from > r.to && issue(['ranges', i, 'to'], ORDER_MESSAGES.progressiveRange));
        const sorted = [...item.ranges].sort((a, b) => a.from - b.from);
        if (sorted.some((r, i) => i > 0 && r.from <= sorted[i - 1].to)) issue(['ranges'], ORDER_MESSAGES.rangeOverlap);
        const total = rangesTotal(item.ranges);
        if (total > MAX_ITEM_CARDS) issue(['ranges'], ORDER_MESSAGES.quantity);
        if (item.quantity !== undefined && item.quantity !== total) issue(['quantity'], ORDER_MESSAGES.rangeTotal);
        return;
      }
      if (item.ranges) issue(['ranges'], ORDER_MESSAGES.physicalOnly);
      if (item.template && item.namesList) issue(['namesList'], ORDER_MESSAGES.templateOrNames);
      // an edit sending neither a list nor a quantity keeps the saved names list (`keptItemFiles`)
      if (!item.namesList && item.quantity === undefined && !options.savedNamesList) issue(['quantity'], ORDER_MESSAGES.required);
      if (item.template && !/^image\/(jpeg|png)$/.test(item.template.type)) issue(['template'], ORDER_MESSAGES.fileType);
      if (item.namesList && !/\.csv$/i.test(item.namesList.name)) issue(['namesList'], ORDER_MESSAGES.fileType);
    });
}
export type OrderItemBody = z.infer<ReturnType<typeof makeOrderItemSchema>>;

/**
 * What an item edit (`PUT …/items/{itemId}`, which replaces the item) keeps of the saved item's
 * files, so an edit without a new file does not lose them: the saved names list (and its
 * recipients) when the edit sends neither a list nor a quantity; the saved template image when the
 * edit stays a quantity of cards and sends no `template` (`template: null` removes it).
 */
export function keptItemFiles(body: Pick<OrderItemBody, 'quantity' | 'template' | 'namesList'>, saved: Pick<OrderItem, 'templateName' | 'namesListName'> | null): { namesList: boolean; template: boolean } {
  if (!saved) return { namesList: false, template: false };
  const namesList = Boolean(saved.namesListName) && !body.namesList && body.quantity === undefined;
  const template = Boolean(saved.templateName) && !body.namesList && body.template === undefined;
  return { namesList, template };
}

export const orderTrackingSchema = z
  .object({
    carrier: textField({ max: 80 }),
    number: textField({ max: 80 }),
    link: z.url({ protocol: /^https?$/, error: (issue) => (issue.input === undefined ? ORDER_MESSAGES.required : ORDER_MESSAGES.url) }).max(500, maxLengthMessage(500)).nullable().default(null),
  })
  .strict();
export type OrderTracking = z.output<typeof orderTrackingSchema>;

/** The new expiry of the order's cards: a day, today or later (the cards work until its end, UTC). */
export const orderExpirySchema = z.object({ expireDate: z.iso.date(requiredOr(ORDER_MESSAGES.invalid)) }).strict();
/** Today for an expiry: the UTC day, since the cards work until the end of their day, UTC (the dialog's first day, the server's check). */
export const expiryToday = (now: Date) => now.toISOString().slice(0, 10);
export const isTodayOrLater = (day: string, now: Date) => day >= expiryToday(now);

// ---------------------------------------------------------------- names list

export interface Recipient {
  firstName: string;
  lastName: string;
  email: string;
}

const HEADER_ALIASES: Record<keyof Recipient, string[]> = {
  email: ['email', 'e-mail', 'mail'],
  firstName: ['firstname', 'first_name', 'first name', 'nome', 'name'],
  lastName: ['lastname', 'last_name', 'last name', 'cognome', 'surname'],
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((v) => v.trim());
}

/**
 * A names list CSV (header row with e-mail and first/last name columns, `;` or `,`): the
 * recipients, or the 1-based line of the first bad row (0: the header or the file itself).
 */
export function parseNamesList(csv: string): { ok: true; recipients: Recipient[] } | { ok: false; line: number } {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const separator = (header.match(/;/g)?.length ?? 0) >= (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  const names = splitCsvLine(header, separator).map((h) => h.toLowerCase());
  const column = (key: keyof Recipient) => names.findIndex((h) => HEADER_ALIASES[key].includes(h));
  const at = { email: column('email'), firstName: column('firstName'), lastName: column('lastName') };
  if (at.email < 0) return { ok: false, line: 0 };
  const recipients: Recipient[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    if (lines[i].trim() === '') continue;
    const cells = splitCsvLine(lines[i], separator);
    const email = cells[at.email] ?? '';
    if (!EMAIL.test(email) || email.length > 254) return { ok: false, line: i + 1 };
    const firstName = at.firstName >= 0 ? (cells[at.firstName] ?? '').slice(0, 80) : '';
    const lastName = at.lastName >= 0 ? (cells[at.lastName] ?? '').slice(0, 80) : '';
    recipients.push({ email, firstName, lastName });
    if (recipients.length > MAX_ITEM_CARDS) return { ok: false, line: i + 1 };
  }
  return recipients.length === 0 ? { ok: false, line: 0 } : { ok: true, recipients };
}

// ---------------------------------------------------------------- records and lists

const isoOrNull = z.string().nullable();

export const orderItemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  typologyId: z.string(),
  typologyName: z.string(),
  quantity: z.number(),
  valueCents: z.number(),
  /** quantity × value */
  priceCents: z.number(),
  ranges: z.array(progressiveRangeSchema).nullable(),
  templateName: z.string().nullable(),
  namesListName: z.string().nullable(),
  recipients: z.number(),
  createdAt: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** the company that receives the cards */
  companyId: z.string(),
  companyName: z.string(),
  /** the company that placed the order */
  placedByCompanyId: z.string(),
  placedByCompanyName: z.string(),
  shippingType: z.enum(SHIPPING_TYPES),
  state: z.enum(ORDER_STATES),
  activated: z.boolean(),
  activatedAt: isoOrNull,
  referentName: z.string().nullable(),
  referentEmail: z.string().nullable(),
  validMonths: z.number(),
  companyOrderNumber: z.string().nullable(),
  sendEmailToCompanyContact: z.boolean(),
  autoActivate: z.boolean(),
  shippingAddress: z.string().nullable(),
  /** an expiry set with "edit expiry" (a day); null: months from activation */
  expireDate: z.string().nullable(),
  trackingCarrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingLink: z.string().nullable(),
  shippedAt: isoOrNull,
  deliveredAt: isoOrNull,
  /** why the last job failed or refused (an API error code), e.g. ORDER_RANGE_UNAVAILABLE or ORDER_CARDS_USED */
  errorCode: z.string().nullable(),
  totalCents: z.number(),
  physicalCards: z.number(),
  digitalCards: z.number(),
  confirmedAt: isoOrNull,
  cancelledAt: isoOrNull,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderDetailSchema = orderSchema.extend({
  items: z.array(orderItemSchema),
  /** what the caller may do now (`orderRecordActions`), in the page's order */
  actions: z.array(z.enum(ORDER_RECORD_ACTIONS)),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], requiredOr(ORDER_MESSAGES.invalid));

export const orderFilterSchema = z
  .object({
    /** exact order number or a prefix */
    number: textField({ max: 40 }).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    state: z.enum(ORDER_STATES, { error: ORDER_MESSAGES.invalid }).optional(),
    shippingType: z.enum(SHIPPING_TYPES, { error: ORDER_MESSAGES.invalid }).optional(),
    /** orders with an item of this typology */
    typologyId: z.uuid(ORDER_MESSAGES.invalid).optional(),
    companyId: z.uuid(ORDER_MESSAGES.invalid).optional(),
  })
  .strict()
  .superRefine(refineDateRanges(['dateFrom', 'dateTo']));
export type OrderFilter = z.output<typeof orderFilterSchema>;

export const orderExportQuerySchema = z
  .object({
    filter: z.string().max(4000, maxLengthMessage(4000)).optional(),
    lang: z.enum(EXPORT_LANGUAGES, { error: ORDER_MESSAGES.invalid }).optional(),
    tz: z.string().max(64, maxLengthMessage(64)).refine(isTimeZone, ORDER_MESSAGES.invalid).optional(),
  })
  .strict();
/** Unsold physical stock of a typology an order may draw ranges from: runs of consecutive progressives (per lot). */
export const orderStockRunSchema = z.object({ from: z.number(), to: z.number(), count: z.number(), lotNumber: z.string().nullable() });
export type OrderStockRun = z.infer<typeof orderStockRunSchema>;
export const orderStockQuerySchema = z.object({ typologyId: z.uuid(requiredOr(ORDER_MESSAGES.invalid)) }).strict();
/** At most this many runs are listed: the largest first (`byStockRunSize`). */
export const MAX_STOCK_RUNS = 200;
/** The stock's order: largest run first, then by first progressive (the API sorts alike in SQL). */
export const byStockRunSize = (a: Pick<OrderStockRun, 'count' | 'from'>, b: Pick<OrderStockRun, 'count' | 'from'>) => b.count - a.count || a.from - b.from;

/** A part of a stock run: free to use, or already held by the cart (the form's ranges and the order's other items). */
export interface StockSegment extends OrderStockRun {
  inCart: boolean;
}

/**
 * The stock runs split by what the cart already holds (`cart`: ranges of the same typology), free
 * parts first, largest first: a run the cart took is shown as such and offered no more.
 */
export function stockSegments(runs: readonly OrderStockRun[], cart: readonly ProgressiveRange[]): StockSegment[] {
  const held = cart.filter((r) => Number.isFinite(r.from) && Number.isFinite(r.to) && r.from <= r.to).sort((a, b) => a.from - b.from);
  const out: StockSegment[] = [];
  for (const run of runs) {
    let at = run.from;
    const piece = (from: number, to: number, inCart: boolean) => to >= from && out.push({ from, to, count: to - from + 1, lotNumber: run.lotNumber, inCart });
    for (const range of held) {
      if (range.to < at || range.from > run.to) continue;
      piece(at, Math.min(run.to, range.from - 1), false);
      const start = Math.max(at, range.from);
      const end = Math.min(run.to, range.to);
      piece(start, end, true);
      at = end + 1;
      if (at > run.to) break;
    }
    piece(at, run.to, false);
  }
  return out.sort((a, b) => Number(a.inCart) - Number(b.inCart) || byStockRunSize(a, b));
}

export const ORDER_CODE_FORMATS = ['csv', 'pdf'] as const;
export type OrderCodeFormat = (typeof ORDER_CODE_FORMATS)[number];
export const orderCodesQuerySchema = z
  .object({
    format: z.enum(ORDER_CODE_FORMATS, { error: ORDER_MESSAGES.invalid }).default('csv'),
    lang: z.enum(EXPORT_LANGUAGES, { error: ORDER_MESSAGES.invalid }).optional(),
    /** the CSV's days in the user's time zone (default Europe/Rome), like the list export */
    tz: z.string().max(64, maxLengthMessage(64)).refine(isTimeZone, ORDER_MESSAGES.invalid).optional(),
  })
  .strict();

// ---------------------------------------------------------------- the order list as CSV

/** The texts of the order list CSV: the screens' own words (one vocabulary for screen and CSV). */
export interface OrderCsvTexts {
  /** locales/<lang>/orderScreens.json `fields` (the list's column labels) */
  fields: Record<string, string>;
  /** locales/<lang>/orderScreens.json `activation` */
  activation: Record<OrderActivation, string>;
  /** locales/<lang>/translation.json `orders.status` and `orders.shippingType` */
  status: Record<string, string>;
  shippingType: Record<string, string>;
}

/** The list CSV's columns, labelled as on the screens (`orderScreens.fields.*`). */
export const ORDER_CSV_COLUMNS = ['number', 'createdAt', 'company', 'placedBy', 'shippingType', 'state', 'activation', 'companyOrderNumber', 'cards', 'total'] as const;

export const orderCsvHeader = (texts: OrderCsvTexts) => ORDER_CSV_COLUMNS.map((column) => texts.fields[column] ?? column);
