import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';
import { defineFilters } from '../filters';
import { INTEGRATED_ORDER_STATE_CHOICES, integratedOrderFilterSchema } from '../integratedOrders';
import { TYPOLOGY_REFERENCE } from './order';

/**
 * The order history's integrated tab and an integrated order's page (issue 22; SPEC §3
 * "Integrated order"): orders are posted by web shops, never edited here, so every field is a
 * display field and the schema has no inputs. The page's items table (SPEC §3's item fields) is
 * IntegratedOrderShow's own.
 */
const displayOnly = z.object({}).strict();

const field = (source: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `orderHistory.fields.${source}`, input: false, ...extra });

/**
 * The integrated tab's filters, the API's own schema (domain/integratedOrders.ts): order number
 * (exact or prefix), the days the shop took the order, state (SPEC §4), product (orders with an
 * item of that typology). The company is the one in view (the dataProvider's path), never typed.
 */
export const integratedOrderFilters = defineFilters(
  integratedOrderFilterSchema,
  'orderHistory.filters',
  [
    { source: 'number' },
    { source: 'date', kind: 'date', range: true },
    { source: 'state', kind: 'select', choices: INTEGRATED_ORDER_STATE_CHOICES, any: 'orderHistory.filters.anyState' },
    { source: 'typologyId', kind: 'reference', reference: TYPOLOGY_REFERENCE, wide: false },
  ],
  { fixed: ['companyId'], perRow: 6 },
);

/** The integrated tab's columns, newest first as the API answers; the order number links to its page. */
export const integratedOrderFields = defineFields(
  displayOnly,
  [
    field('orderNumber', { column: true }),
    field('orderedAt', { kind: 'datetime', column: true }),
    field('state', { kind: 'select', choices: INTEGRATED_ORDER_STATE_CHOICES, column: true }),
    field('buyerEmail', { kind: 'email', column: true }),
    field('itemCount', { kind: 'number', column: true }),
    field('totalCents', { kind: 'money', column: true }),
    field('apiKeyName', { column: true }),
  ],
  {
    resource: 'privative-orders/integrated-orders',
    primary: 'orderNumber',
    // a phone row's second line: where the order stands, when, how much, for whom
    secondary: ['state', 'orderedAt', 'totalCents', 'buyerEmail'],
    sort: { field: 'orderedAt', order: 'DESC' },
    texts: 'orderHistory.integrated',
    filterForm: integratedOrderFilters,
  },
);
