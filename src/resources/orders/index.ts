import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { Order } from '../../../domain/orders';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

const WizardCompany = lazyWithReload(() => import('./wizard/CompanyStep'));
const WizardCatalog = lazyWithReload(() => import('./wizard/CatalogStep'));
const WizardCustomize = lazyWithReload(() => import('./wizard/CustomizeStep'));

/**
 * B2B gift-card orders (issue 9): the list, the order's page and the wizard's steps (create/…,
 * {id}/configuration, {id}/recap, {id}/additem/…, {id}/{itemId}; wizard/).
 */
export const orders: ResourceDefinition = {
  name: 'privative-orders/orders',
  menu: 'orders',
  icon: ShoppingCartIcon,
  recordRepresentation: (record: Order) => record.number,
  list: { component: lazyWithReload(() => import('./OrderList')), title: 'orderList', path: 'list' },
  detail: { component: lazyWithReload(() => import('./OrderShow')), title: 'orderDetail' },
  // the order wizard (SPEC §2/§4, wizard/): company, catalog, customize, summary, configuration, review and confirm
  routes: [
    { path: 'create/company/:shippingType', component: WizardCompany, title: 'orderCreate', action: 'create' },
    { path: 'create/:shippingType/:subCompanyId', component: WizardCatalog, title: 'orderCreate', action: 'create' },
    { path: 'create/:shippingType/:subCompanyId/:typologyId', component: WizardCustomize, title: 'orderCreate', action: 'create' },
    { path: ':id/configuration', component: lazyWithReload(() => import('./wizard/ConfigurationStep')), title: 'orderConfiguration', action: 'edit' },
    { path: ':id/recap', component: lazyWithReload(() => import('./wizard/RecapStep')), title: 'orderRecap', action: 'show' },
    { path: ':id/additem/catalog/:type', component: WizardCatalog, title: 'orderAddItem', action: 'edit' },
    { path: ':id/additem/:typologyId/:type', component: WizardCustomize, title: 'orderAddItem', action: 'edit' },
    { path: ':id/:itemId', component: WizardCustomize, title: 'orderItem', action: 'edit' },
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

/** An order's gift cards, listed on the order's page (OrderCards): no screen of their own. */
export const orderCards: ResourceDefinition = { name: 'privative-orders/order-cards', kind: 'data' };
export const acquiredOrderCards: ResourceDefinition = { name: 'privative-orders/acquired-order-cards', kind: 'data' };
