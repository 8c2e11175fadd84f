import { z } from 'zod';
import { defineFields, type DisplayFieldSpec, type FieldReference } from '../fields';
import { defineFilters } from '../filters';
import { ORDER_STATE_CHOICES, orderFilterSchema, SHIPPING_TYPE_CHOICES } from '../orders';

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

/** The card catalog: a typology is named by its name (the order filter's "card order typology"). */
export const TYPOLOGY_REFERENCE = { resource: 'privative/typologies', optionText: 'name' } as const satisfies FieldReference;

/**
 * SPEC §2's order filters: number (exact or prefix), creation days, state (several read "in
 * progress": their raw state tells them apart), card order typology. Shipping type and company
 * are set by the screens that link here.
 */
export const orderFilters = defineFilters(
  orderFilterSchema,
  'orderScreens.filters',
  [
    { source: 'number' },
    { source: 'date', kind: 'date', range: true },
    { source: 'state', kind: 'select', choices: ORDER_STATE_CHOICES, any: 'orderScreens.filters.anyState' },
    { source: 'typologyId', kind: 'reference', reference: TYPOLOGY_REFERENCE, wide: false },
  ],
  { fixed: ['shippingType', 'companyId'], perRow: 6 },
);

/** Both views: newest first, the same texts and filters. */
const ORDER_LIST = { primary: 'number', sort: { field: 'createdAt', order: 'DESC' }, texts: 'orderScreens.list', filterForm: orderFilters } as const;

/** /privative-orders/orders: the company receiving the cards. */
export const orderFields = defineFields(listOnly, common('companyName', 'company'), { resource: 'privative-orders/orders', ...ORDER_LIST });

/** /privative-orders/acquired-orders: the company that placed the order. */
export const acquiredOrderFields = defineFields(listOnly, common('placedByCompanyName', 'placedBy'), { resource: 'privative-orders/acquired-orders', ...ORDER_LIST });
