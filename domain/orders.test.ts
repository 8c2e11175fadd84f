import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  canOrder,
  createOrderSchema,
  isTodayOrLater,
  issuedStateFor,
  makeOrderItemSchema,
  ORDER_ACTIONS,
  ORDER_STATE_DISPLAY,
  ORDER_STATE_TONES,
  ORDER_STATES,
  orderActionsFor,
  orderConfigurationSchema,
  orderActivation,
  ORDER_ACCESS_ACTION,
  ORDER_RECORD_ACTIONS,
  ORDER_VIEW_ACTIONS,
  ORDER_VIEW_RESOURCES,
  ORDER_VIEWS,
  orderRecordActions,
  orderCardsExpiry,
  orderConfirmRefusal,
  orderCsvHeader,
  ORDER_CSV_COLUMNS,
  type OrderCsvTexts,
  orderFilterSchema,
  orderStateKey,
  orderTrackingSchema,
  parseNamesList,
  stockSegments,
  type OrderAction,
  type OrderState,
} from './orders';
import { issuesToErrors } from './errors';
import { accessRule } from './access';
import { permissionsFrom } from './permissions';
import en from '../locales/en/translation.json';
import enErrors from '../locales/en/errors.json';
import enScreens from '../locales/en/orderScreens.json';
import itScreens from '../locales/it/orderScreens.json';
import { acquiredOrderFields, orderFields } from './schemas/order';
import it_ from '../locales/it/translation.json';

const customer = { isProvider: false };
const provider = { isProvider: true };
const order = (state: OrderState, extra: { shippingType?: 'DIGITAL' | 'PHYSICAL' | 'PHISICAL_SHIPMENT'; activated?: boolean } = {}) => ({
  state,
  shippingType: extra.shippingType ?? 'DIGITAL',
  activated: extra.activated ?? false,
});

/** The whole table written out: state → the actions a customer may take on a digital, not activated order. */
const EXPECTED: Record<OrderState, OrderAction[]> = {
  NEW: ['editConfiguration', 'addItem', 'editItem', 'removeItem', 'delete', 'confirm'],
  PENDING: ['cancel', 'resendConfirmation'],
  IN_PROGRESS: ['resendConfirmation'],
  COMPLETED: ['activate', 'cancel', 'editExpiry', 'resendConfirmation', 'downloadCodes'],
  SHIPMENT_IN_PROGRESS: ['activate', 'cancel', 'editExpiry', 'resendConfirmation', 'downloadCodes'],
  SHIPPED: ['activate', 'cancel', 'editExpiry', 'resendConfirmation', 'downloadCodes'],
  SHIPMENT_DELIVERED: ['activate', 'cancel', 'editExpiry', 'resendConfirmation', 'downloadCodes'],
  ERROR: ['cancel', 'resendConfirmation'],
  PENDING_CANCEL: [],
  IN_PROGRESS_CANCEL: [],
  CANCELLED: [],
};

describe('order transition table', () => {
  it('allows exactly the expected actions in every state', () => {
    for (const state of ORDER_STATES) expect(orderActionsFor(order(state), customer), state).toEqual(EXPECTED[state]);
  });

  it('refuses every other action with ORDER_STATE_INVALID', () => {
    for (const state of ORDER_STATES) {
      for (const action of ORDER_ACTIONS) {
        if (EXPECTED[state].includes(action) || action === 'retry' || action === 'tracking' || action === 'delivered') continue;
        expect(canOrder(action, order(state), customer), `${state}:${action}`).toEqual({ allowed: false, reason: 'ORDER_STATE_INVALID' });
      }
    }
  });

  it('leads confirm to PENDING, cancel to PENDING_CANCEL and retry back to PENDING', () => {
    expect(canOrder('confirm', order('NEW'), customer)).toEqual({ allowed: true, to: 'PENDING' });
    expect(canOrder('cancel', order('COMPLETED'), customer)).toEqual({ allowed: true, to: 'PENDING_CANCEL' });
    expect(canOrder('cancel', order('PENDING'), customer)).toEqual({ allowed: true, to: 'PENDING_CANCEL' });
    expect(canOrder('retry', order('ERROR'), provider)).toEqual({ allowed: true, to: 'PENDING' });
    expect(canOrder('activate', order('COMPLETED'), customer)).toEqual({ allowed: true, to: 'COMPLETED' });
  });

  it('keeps retry and tracking for provider staff', () => {
    expect(canOrder('retry', order('ERROR'), customer)).toEqual({ allowed: false, reason: 'FORBIDDEN' });
    expect(canOrder('retry', order('COMPLETED'), provider)).toEqual({ allowed: false, reason: 'ORDER_STATE_INVALID' });
    const shipment = order('SHIPMENT_IN_PROGRESS', { shippingType: 'PHISICAL_SHIPMENT' });
    expect(canOrder('tracking', shipment, customer)).toEqual({ allowed: false, reason: 'FORBIDDEN' });
    expect(canOrder('tracking', shipment, provider)).toEqual({ allowed: true, to: 'SHIPPED' });
    expect(orderActionsFor(order('ERROR'), provider)).toEqual(['retry', 'cancel', 'resendConfirmation']);
  });

  it('tracks and delivers third-party shipments only: SHIPMENT_IN_PROGRESS → SHIPPED → SHIPMENT_DELIVERED', () => {
    const ship = (state: OrderState) => order(state, { shippingType: 'PHISICAL_SHIPMENT' });
    expect(canOrder('delivered', ship('SHIPMENT_IN_PROGRESS'), customer)).toEqual({ allowed: false, reason: 'ORDER_STATE_INVALID' });
    expect(canOrder('delivered', ship('SHIPPED'), customer)).toEqual({ allowed: true, to: 'SHIPMENT_DELIVERED' });
    expect(canOrder('tracking', ship('SHIPPED'), provider)).toEqual({ allowed: true, to: 'SHIPPED' });
    expect(canOrder('tracking', ship('SHIPMENT_DELIVERED'), provider)).toEqual({ allowed: false, reason: 'ORDER_STATE_INVALID' });
    expect(canOrder('delivered', order('SHIPPED', { shippingType: 'PHYSICAL' }), customer)).toEqual({ allowed: false, reason: 'ORDER_ACTION_NOT_ALLOWED' });
    expect(canOrder('tracking', order('COMPLETED'), provider)).toEqual({ allowed: false, reason: 'ORDER_ACTION_NOT_ALLOWED' });
    expect(issuedStateFor('PHISICAL_SHIPMENT')).toBe('SHIPMENT_IN_PROGRESS');
    expect(issuedStateFor('PHYSICAL')).toBe('COMPLETED');
    expect(issuedStateFor('DIGITAL')).toBe('COMPLETED');
  });

  it('refuses activate, cancel and expiry edit after activation', () => {
    const activated = order('COMPLETED', { activated: true });
    for (const action of ['activate', 'cancel', 'editExpiry'] as const) {
      expect(canOrder(action, activated, customer)).toEqual({ allowed: false, reason: 'ORDER_ALREADY_ACTIVATED' });
    }
    expect(orderActionsFor(activated, customer)).toEqual(['resendConfirmation', 'downloadCodes']);
  });

  it('names every state with a text and a badge colour of SPEC §4', () => {
    expect(ORDER_STATE_DISPLAY.COMPLETED).toBe('issued');
    expect(ORDER_STATE_DISPLAY.ERROR).toBe('verification');
    expect(ORDER_STATE_DISPLAY.PENDING_CANCEL).toBe('inProgress');
    expect(ORDER_STATE_TONES.CANCELLED).toBe('grey');
    expect(ORDER_STATE_TONES.NEW).toBe('transparent');
    expect(ORDER_STATE_TONES.COMPLETED).toBe('green');
    expect(ORDER_STATE_TONES.PENDING).toBe('yellow');
    for (const state of ORDER_STATES) {
      const [, , name] = orderStateKey(state).split('.');
      expect((en.orders.status as Record<string, string>)[name], state).toBeTruthy();
      expect((it_.orders.status as Record<string, string>)[name], state).toBeTruthy();
    }
    expect(en.orders.shippingType.PHISICAL_SHIPMENT).toBe('Physical, shipped by a third party');
    expect(enErrors.codes.ORDER_CARDS_USED).toBe('Unable to cancel the order. GiftCards have already been used.');
  });
});

describe('confirming a draft', () => {
  const configured = { referentName: 'Giulia Rossi', referentEmail: 'giulia@acme.test', companyOrderNumber: 'PO-1' };
  it('needs a product (ORDER_EMPTY) and every required configuration field (ORDER_INCOMPLETE)', () => {
    expect(orderConfirmRefusal(configured, 0)).toBe('ORDER_EMPTY');
    expect(orderConfirmRefusal({ ...configured, companyOrderNumber: null }, 0)).toBe('ORDER_EMPTY');
    for (const field of ['referentName', 'referentEmail', 'companyOrderNumber'] as const) {
      expect(orderConfirmRefusal({ ...configured, [field]: null }, 2), field).toBe('ORDER_INCOMPLETE');
    }
    expect(orderConfirmRefusal(configured, 1)).toBeNull();
  });
});

describe("what an order's record offers its caller", () => {
  const configured = { referentName: 'Giulia Rossi', referentEmail: 'giulia@acme.test', companyOrderNumber: 'PO-1' };
  const both = permissionsFrom(['privative.orders', 'privative.acquiredOrders']);
  const staff = { permissions: both, isProvider: true };
  const user = { permissions: both, isProvider: false };
  const record = (state: OrderState, extra: Parameters<typeof order>[1] = {}) => ({ ...order(state, extra), ...configured });

  it('maps every record action to an entry of the access table in each view that offers it', () => {
    for (const view of ORDER_VIEWS) {
      for (const action of ORDER_VIEW_ACTIONS[view]) expect(accessRule(ORDER_VIEW_RESOURCES[view], ORDER_ACCESS_ACTION[action]), `${view}:${action}`).not.toBeNull();
    }
    expect(ORDER_VIEW_ACTIONS.placed).toEqual(ORDER_RECORD_ACTIONS);
    expect(ORDER_VIEW_ACTIONS.acquired).toEqual(['downloadCodes', 'delivered']);
  });

  it('offers the transition table, confirm only for a draft the server would confirm, continue for a draft', () => {
    expect(orderRecordActions(record('NEW'), 1, user, 'placed')).toEqual(['continue', 'confirm', 'delete']);
    expect(orderRecordActions(record('NEW'), 0, user, 'placed')).toEqual(['continue', 'delete']);
    expect(orderRecordActions({ ...record('NEW'), referentEmail: null }, 1, user, 'placed')).toEqual(['continue', 'delete']);
    expect(orderRecordActions(record('COMPLETED'), 1, user, 'placed')).toEqual(['activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'cancel']);
    expect(orderRecordActions(record('CANCELLED'), 1, staff, 'placed')).toEqual([]);
  });

  it("keeps retry and tracking to provider staff", () => {
    expect(orderRecordActions(record('ERROR'), 1, user, 'placed')).toEqual(['resendConfirmation', 'cancel']);
    expect(orderRecordActions(record('ERROR'), 1, staff, 'placed')).toEqual(['resendConfirmation', 'retry', 'cancel']);
    const shipment = record('SHIPMENT_IN_PROGRESS', { shippingType: 'PHISICAL_SHIPMENT' });
    expect(orderRecordActions(shipment, 1, user, 'placed')).not.toContain('tracking');
    expect(orderRecordActions(shipment, 1, staff, 'placed')).toContain('tracking');
  });

  it('offers in the acquired view only the codes and "received"', () => {
    const shipped = record('SHIPPED', { shippingType: 'PHISICAL_SHIPMENT' });
    expect(orderRecordActions(shipped, 1, staff, 'acquired')).toEqual(['downloadCodes', 'delivered']);
    expect(orderRecordActions(record('NEW'), 1, staff, 'acquired')).toEqual([]);
    expect(orderRecordActions(record('ERROR'), 1, staff, 'acquired')).toEqual([]);
  });

  it("offers only what the access table grants the caller's flags on the view's resource", () => {
    const shipped = record('SHIPPED', { shippingType: 'PHISICAL_SHIPMENT' });
    const ordersOnly = { permissions: permissionsFrom(['privative.orders']), isProvider: true };
    const acquiredOnly = { permissions: permissionsFrom(['privative.acquiredOrders']), isProvider: false };
    expect(orderRecordActions(shipped, 1, ordersOnly, 'acquired')).toEqual([]);
    expect(orderRecordActions(shipped, 1, acquiredOnly, 'placed')).toEqual([]);
    expect(orderRecordActions(shipped, 1, acquiredOnly, 'acquired')).toEqual(['downloadCodes', 'delivered']);
    expect(orderRecordActions(record('NEW'), 1, { permissions: null, isProvider: true }, 'placed')).toEqual([]);
  });
});

describe('stock and cart', () => {
  it('splits the stock runs by what the cart holds: free parts first, largest first; a run the cart took is marked', () => {
    const runs = [
      { from: 1, to: 1, count: 1, lotNumber: 'A' },
      { from: 10, to: 19, count: 10, lotNumber: 'A' },
      { from: 30, to: 30, count: 1, lotNumber: 'B' },
    ];
    expect(stockSegments(runs, [])).toEqual([
      { from: 10, to: 19, count: 10, lotNumber: 'A', inCart: false },
      { from: 1, to: 1, count: 1, lotNumber: 'A', inCart: false },
      { from: 30, to: 30, count: 1, lotNumber: 'B', inCart: false },
    ]);
    expect(stockSegments(runs, [{ from: 12, to: 14 }, { from: 30, to: 30 }, { from: 500, to: 600 }])).toEqual([
      { from: 15, to: 19, count: 5, lotNumber: 'A', inCart: false },
      { from: 10, to: 11, count: 2, lotNumber: 'A', inCart: false },
      { from: 1, to: 1, count: 1, lotNumber: 'A', inCart: false },
      { from: 12, to: 14, count: 3, lotNumber: 'A', inCart: true },
      { from: 30, to: 30, count: 1, lotNumber: 'B', inCart: true },
    ]);
    // a range covering a whole run, or reaching past it
    expect(stockSegments([runs[1]], [{ from: 5, to: 25 }])).toEqual([{ from: 10, to: 19, count: 10, lotNumber: 'A', inCart: true }]);
  });
});

describe('order words (issue 14: one vocabulary, screen and CSV alike)', () => {
  const LANGS = [
    ['it', it_, itScreens],
    ['en', en, enScreens],
  ] as const;
  const csvTexts = (shell: typeof en, screens: typeof enScreens): OrderCsvTexts => ({ fields: screens.fields, activation: screens.activation, status: shell.orders.status, shippingType: shell.orders.shippingType });

  it.each(LANGS)('the list CSV (%s) heads its columns with the labels of the list screens, every one of them', (_lang, shell, screens) => {
    const header = orderCsvHeader(csvTexts(shell, screens));
    for (const column of ORDER_CSV_COLUMNS) expect(Object.keys(screens.fields), column).toContain(column);
    for (const set of [orderFields, acquiredOrderFields]) {
      for (const field of set.fields) {
        const label = screens.fields[field.label.replace('orderScreens.fields.', '') as keyof typeof screens.fields];
        expect(header, field.source).toContain(label);
      }
    }
  });

  it.each(LANGS)('writes the activation (%s) as the screens do: a cancelled order is not "to be activated"', (_lang, shell, screens) => {
    const texts = csvTexts(shell, screens);
    const cell = (state: OrderState, activated: boolean) => texts.activation[orderActivation({ state, activated })];
    expect(cell('COMPLETED', false)).toBe(screens.activation.toActivate);
    expect(cell('COMPLETED', true)).toBe(screens.activation.activated);
    for (const state of ['CANCELLED', 'PENDING_CANCEL', 'IN_PROGRESS_CANCEL'] as const) expect(cell(state, false), state).toBe(screens.activation.notActivated);
    expect(orderActivation({ state: 'CANCELLED', activated: false })).toBe('notActivated');
  });

  it('dates the cards once it can: an edited day, or valid months after activation; before, none', () => {
    expect(orderCardsExpiry({ expireDate: null, activatedAt: null, validMonths: 1 })).toBeNull();
    expect(orderCardsExpiry({ expireDate: null, activatedAt: '2026-01-31T10:00:00.000Z', validMonths: 1 })?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(orderCardsExpiry({ expireDate: '2027-03-31', activatedAt: null, validMonths: 1 })?.toISOString()).toBe('2027-03-31T23:59:59.999Z');
  });
});

describe('order payloads', () => {
  const errors = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? {} : issuesToErrors(parsed.error.issues);
  };
  const typologyId = '00000000-0000-4000-8000-000000000001';

  it('creates with a company and a shipping type spelled as SPEC spells it', () => {
    expect(createOrderSchema.safeParse({ subCompanyId: typologyId, shippingType: 'PHISICAL_SHIPMENT' }).success).toBe(true);
    expect(errors(createOrderSchema, { subCompanyId: typologyId, shippingType: 'PHYSICAL_SHIPMENT' })).toEqual({ shippingType: 'validation.invalid' });
    expect(errors(createOrderSchema, {})).toEqual({ subCompanyId: 'validation.required', shippingType: 'validation.required' });
  });

  it('checks physical ranges: initial ≤ final, no overlap, total = cards in the cart', () => {
    const physical = makeOrderItemSchema('PHYSICAL');
    expect(physical.safeParse({ typologyId, ranges: [{ from: 1, to: 10 }], quantity: 10 }).success).toBe(true);
    expect(errors(physical, { typologyId, ranges: [{ from: 10, to: 1 }] })).toMatchObject({ 'ranges.0.to': 'validation.progressiveRange' });
    expect(errors(physical, { typologyId, ranges: [{ from: 1, to: 10 }], quantity: 11 })).toEqual({ quantity: 'validation.orderRangeTotal' });
    expect(errors(physical, { typologyId, ranges: [{ from: 1, to: 10 }, { from: 10, to: 12 }] })).toEqual({ ranges: 'validation.orderRangeOverlap' });
    expect(errors(physical, { typologyId })).toEqual({ ranges: 'validation.required' });
    expect(errors(physical, { typologyId, ranges: [{ from: 1, to: 2 }], template: { type: 'image/png', name: 'a.png', content: 'AAAA' } })).toEqual({ template: 'validation.orderDigitalOnly' });
  });

  it('checks digital items: quantity > 0, a JPG/PNG template or a CSV names list, not both', () => {
    const digital = makeOrderItemSchema('DIGITAL');
    expect(digital.safeParse({ typologyId, quantity: 50, valueCents: 2500 }).success).toBe(true);
    expect(errors(digital, { typologyId, quantity: 0 })).toEqual({ quantity: 'validation.orderQuantity?max=10000' });
    expect(errors(digital, { typologyId, valueCents: 0, quantity: 1 })).toEqual({ valueCents: 'validation.amount' });
    expect(errors(digital, { typologyId })).toEqual({ quantity: 'validation.required' });
    expect(errors(digital, { typologyId, quantity: 1, template: { type: 'image/gif', name: 'a.gif', content: 'AAAA' } })).toEqual({ template: 'validation.fileType' });
    expect(errors(digital, { typologyId, namesList: { type: 'text/csv', name: 'names.txt', content: 'AAAA' } })).toEqual({ namesList: 'validation.fileType' });
    const file = { type: 'text/csv', name: 'names.csv', content: 'AAAA' };
    expect(errors(digital, { typologyId, namesList: file, template: { ...file, type: 'image/png', name: 'a.png' } })).toEqual({ namesList: 'validation.orderTemplateOrNames' });
    expect(errors(digital, { typologyId, quantity: 1, ranges: [{ from: 1, to: 1 }] })).toEqual({ ranges: 'validation.orderPhysicalOnly' });
    const tooBig = 'A'.repeat(Math.ceil((5 * 1024 * 1024) / 3) * 4 + 4);
    expect(errors(digital, { typologyId, quantity: 1, template: { type: 'image/png', name: 'a.png', content: tooBig } })).toEqual({ 'template.content': 'validation.fileTooLarge?maxBytes=5242880' });
  });

  it('configures: company order number required, valid months 1–12 defaulting to 1', () => {
    const base = { referentName: 'Mario Rossi', referentEmail: 'mario@acme.test', companyOrderNumber: 'PO-1' };
    expect(orderConfigurationSchema.parse(base)).toMatchObject({ validMonths: 1, autoActivate: false, sendEmailToCompanyContact: false, shippingAddress: null });
    expect(errors(orderConfigurationSchema, { ...base, validMonths: 13 })).toEqual({ validMonths: 'validation.orderValidMonths?min=1&max=12' });
    expect(errors(orderConfigurationSchema, { ...base, validMonths: 0 })).toEqual({ validMonths: 'validation.orderValidMonths?min=1&max=12' });
    expect(errors(orderConfigurationSchema, { ...base, companyOrderNumber: '  ' })).toEqual({ companyOrderNumber: 'validation.required' });
    expect(errors(orderConfigurationSchema, { referentName: 'Mario Rossi', referentEmail: 'nope' })).toEqual({ referentEmail: 'validation.email', companyOrderNumber: 'validation.required' });
  });

  it('checks tracking links, list filters and expiry days', () => {
    expect(errors(orderTrackingSchema, { carrier: 'BRT', number: '123', link: 'javascript:alert(1)' })).toEqual({ link: 'validation.url' });
    expect(orderTrackingSchema.parse({ carrier: 'BRT', number: '123' })).toEqual({ carrier: 'BRT', number: '123', link: null });
    expect(errors(orderFilterSchema, { dateFrom: '2026-03-02', dateTo: '2026-03-01' })).toEqual({ dateTo: 'validation.dateRange' });
    expect(errors(orderFilterSchema, { state: 'DONE' })).toEqual({ state: 'validation.invalid' });
    expect(errors(orderFilterSchema, { companyName: 'x' })).toEqual({ companyName: 'validation.invalid' });
    const now = new Date('2026-05-10T12:00:00Z');
    expect(isTodayOrLater('2026-05-10', now)).toBe(true);
    expect(isTodayOrLater('2026-05-09', now)).toBe(false);
  });
});

describe('names list', () => {
  it('reads recipients with either separator and a BOM', () => {
    expect(parseNamesList('\uFEFFnome;cognome;email\r\nMario;Rossi;mario@acme.test\r\n\r\n"Anna, Maria";Bianchi;anna@acme.test\r\n')).toEqual({
      ok: true,
      recipients: [
        { firstName: 'Mario', lastName: 'Rossi', email: 'mario@acme.test' },
        { firstName: 'Anna, Maria', lastName: 'Bianchi', email: 'anna@acme.test' },
      ],
    });
    expect(parseNamesList('email,firstName\nx@y.it,Xavier')).toEqual({ ok: true, recipients: [{ email: 'x@y.it', firstName: 'Xavier', lastName: '' }] });
  });

  it('points at the first bad line, or 0 for a bad header or an empty list', () => {
    expect(parseNamesList('email\nok@acme.test\nnot-an-email')).toEqual({ ok: false, line: 3 });
    expect(parseNamesList('name;surname\nA;B')).toEqual({ ok: false, line: 0 });
    expect(parseNamesList('email\n')).toEqual({ ok: false, line: 0 });
  });
});
