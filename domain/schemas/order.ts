import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';
import { ORDER_STATE_CHOICES, SHIPPING_TYPE_CHOICES } from '../orders';

/**
 * The order list's columns (SPEC §2/§3), declared once for the placed and acquired views. The
 * lists only show orders (the wizard, not these screens, edits them), so every field is a
 * display field and the schema has no inputs. `cards` is the physical + digital count.
 */
const listOnly = z.object({}).strict();

const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `orderScreens.fields.${label}`, input: false, column: true, ...extra });

const common = (companySource: 'companyName' | 'placedByCompanyName', companyLabel: string): DisplayFieldSpec[] => [
  column('number', 'number', { sortable: true }),
  column('createdAt', 'createdAt', { kind: 'datetime', sortable: true }),
  column(companySource, companyLabel),
  column('shippingType', 'shippingType', { kind: 'select', choices: SHIPPING_TYPE_CHOICES }),
  column('state', 'state', { kind: 'select', choices: ORDER_STATE_CHOICES }),
  column('activated', 'activation', { kind: 'boolean' }),
  column('totalCents', 'total', { kind: 'money' }),
  column('cards', 'cards', { kind: 'number' }),
];

/** Both views: newest first, the same texts. */
const ORDER_LIST = { primary: 'number', sort: { field: 'createdAt', order: 'DESC' }, texts: 'orderScreens.list' } as const;

/** /privative-orders/orders: the company receiving the cards. */
export const orderFields = defineFields(listOnly, common('companyName', 'company'), { resource: 'privative-orders/orders', ...ORDER_LIST });

/** /privative-orders/acquired-orders: the company that placed the order. */
export const acquiredOrderFields = defineFields(listOnly, common('placedByCompanyName', 'placedBy'), { resource: 'privative-orders/acquired-orders', ...ORDER_LIST });
