import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { Order } from '../../../domain/orders';
import { lazyWithReload } from '../../layout/lazyWithReload';
import { placeholderRoute } from '../building';
import type { ResourceDefinition } from '../types';

/**
 * B2B gift-card orders (issue 9): the list and the order's page are built; the wizard's steps
 * (create/…, {id}/configuration, {id}/recap, {id}/additem/…, {id}/{itemId}) are still the
 * "being built" screen.
 */
export const orders: ResourceDefinition = {
  name: 'privative-orders/orders',
  menu: 'orders',
  icon: ShoppingCartIcon,
  recordRepresentation: (record: Order) => record.number,
  list: { component: lazyWithReload(() => import('./OrderList')), title: 'orderList', path: 'list' },
  detail: { component: lazyWithReload(() => import('./OrderShow')), title: 'orderDetail' },
  routes: [
    placeholderRoute('create/company/:shippingType', 'orderCreate', 'create'),
    placeholderRoute('create/:shippingType/:subCompanyId', 'orderCreate', 'create'),
    placeholderRoute('create/:shippingType/:subCompanyId/:typologyId', 'orderCreate', 'create'),
    placeholderRoute(':id/configuration', 'orderConfiguration', 'edit'),
    placeholderRoute(':id/recap', 'orderRecap', 'show'),
    placeholderRoute(':id/additem/catalog/:type', 'orderAddItem', 'edit'),
    placeholderRoute(':id/additem/:typologyId/:type', 'orderAddItem', 'edit'),
    placeholderRoute(':id/:itemId', 'orderItem', 'show'),
  ],
  kind: 'custom',
  why: 'an order is a life of states and actions (the transition table of domain/orders.ts), with its cards and codes; the wizard is a multi-step flow',
};

export const acquiredOrders: ResourceDefinition = {
  name: 'privative-orders/acquired-orders',
  menu: 'acquiredOrders',
  icon: ReceiptLongIcon,
  recordRepresentation: (record: Order) => record.number,
  list: { component: lazyWithReload(() => import('./AcquiredOrderList')), title: 'acquiredOrderList', path: 'list' },
  detail: { component: lazyWithReload(() => import('./AcquiredOrderShow')), title: 'acquiredOrderDetail' },
  kind: 'custom',
  why: 'read-only orders placed by others, with their cards, codes and "received"',
};
