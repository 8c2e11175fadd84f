import HistoryIcon from '@mui/icons-material/History';
import type { IntegratedOrder } from '../../../domain/integratedOrders';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/**
 * The order history (issue 22, SPEC §2 "Orders history (bulk or integrated) with detail"): SPEC
 * names no path, so it is `/privative-orders/history` in the orders section, with the bulk (B2B
 * orders) and integrated tabs (`?tab=integrated`). A bulk row opens the B2B order's page.
 */
export const orderHistory: ResourceDefinition = {
  name: 'privative-orders/history',
  menu: 'orderHistory',
  icon: HistoryIcon,
  list: { component: lazyWithReload(() => import('./OrderHistory')), title: 'orderHistory' },
  kind: 'custom',
  why: 'two lists on one page (bulk and integrated orders, each a SchemaList of its own resource) behind tabs kept in the URL',
};

/**
 * An integrated order's page (`/privative-orders/integrated-orders/{id}`): its list is the
 * history's integrated tab, so the resource has no list screen (its index goes back to the section).
 */
export const integratedOrders: ResourceDefinition = {
  name: 'privative-orders/integrated-orders',
  recordRepresentation: (record: IntegratedOrder) => record.orderNumber,
  detail: { component: lazyWithReload(() => import('./IntegratedOrderShow')), title: 'integratedOrderDetail' },
  kind: 'custom',
  why: 'an order posted by a web shop, read-only: its details and the items table (SPEC §3) with links to the cards',
};
