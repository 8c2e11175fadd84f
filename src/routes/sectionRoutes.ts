import type { ComponentType } from 'react';
import { MENU } from '../../domain/menu';
import { companyScreens } from '../resources/companies';
import { giftCardScreens } from '../resources/giftcards';
import { storeScreens } from '../resources/stores';
import { transactionScreens } from '../resources/transactions';

/**
 * Every protected screen of SPEC §2, per main section. `screen` is the i18n key (under
 * `screens.`) of the screen's title; `redirect` is where a path goes instead (relative to the
 * section base). A screen without `component` shows the "being built" placeholder: business
 * issues add the component (made with lazyWithReload) and keep the path.
 */
export type SectionRoute = { path: string; screen: string; component?: ComponentType } | { path: string; redirect: string };

export interface SectionRoutes {
  /** the domain menu section key */
  key: string;
  base: string;
  routes: SectionRoute[];
}

const screen = (path: string, key: string): SectionRoute => ({ path, screen: key });
const redirect = (path: string, to: string): SectionRoute => ({ path, redirect: to });
const built = (path: string, key: string, component: ComponentType): SectionRoute => ({ path, screen: key, component });

const ROUTES_BY_SECTION: Record<string, SectionRoute[]> = {
  privative: [
    built('giftcards', 'giftcardList', giftCardScreens.list),
    built('giftcards/:id', 'giftcardDetail', giftCardScreens.show),
    built('giftcards-search', 'giftcardSearch', giftCardScreens.search),
    redirect('transactions', 'transactions/list'),
    built('transactions/list', 'transactionList', transactionScreens.list),
    redirect('stores', 'stores/list'),
    built('stores/list', 'storeList', storeScreens.list),
    built('stores/create', 'storeCreate', storeScreens.create),
    built('stores/:id', 'storeDetail', storeScreens.show),
    redirect('batches', 'batches/list'),
    screen('batches/list', 'batchList'),
    screen('batches/create', 'batchCreate'),
    screen('batches/:id', 'batchDetail'),
  ],
  privativeOrders: [
    redirect('companies', 'companies/list'),
    built('companies/list', 'companyList', companyScreens.registry),
    built('companies/new', 'companyCreate', companyScreens.create),
    built('companies/new/referent', 'companyReferentCreate', companyScreens.createReferent),
    built('companies/:id', 'companyDetail', companyScreens.show),
    built('companies/:id/edit', 'companyEdit', companyScreens.edit),
    built('companies/:id/edit/referent', 'companyReferentEdit', companyScreens.editReferent),
    redirect('orders', 'orders/list'),
    screen('orders/list', 'orderList'),
    screen('orders/create/company/:shippingType', 'orderCreate'),
    screen('orders/create/:shippingType/:subCompanyId', 'orderCreate'),
    screen('orders/create/:shippingType/:subCompanyId/:typologyId', 'orderCreate'),
    screen('orders/:id', 'orderDetail'),
    screen('orders/:id/configuration', 'orderConfiguration'),
    screen('orders/:id/recap', 'orderRecap'),
    screen('orders/:id/additem/catalog/:type', 'orderAddItem'),
    screen('orders/:id/additem/:typologyId/:type', 'orderAddItem'),
    screen('orders/:id/:itemId', 'orderItem'),
    redirect('acquired-orders', 'acquired-orders/list'),
    screen('acquired-orders/list', 'acquiredOrderList'),
    screen('acquired-orders/:id', 'acquiredOrderDetail'),
  ],
  reloadables: [
    screen('wallet', 'wallet'),
    screen('walletSubCompanies', 'walletSubCompanies'),
    screen('walletSubCompanies/:id', 'walletSubCompanyDetail'),
    screen('cards', 'reloadableCards'),
    screen('reloads', 'reloads'),
    screen('queue-reloads', 'queueReloads'),
    screen('reloads-history', 'reloadsHistory'),
    screen('users', 'reloadableUsers'),
    screen('notifications', 'reloadableNotifications'),
  ],
  square: [
    screen('orders', 'squareOrderList'),
    screen('orders/create', 'squareOrderCreate'),
    screen('orders/:orderId', 'squareOrderDetail'),
    screen('codes', 'squareCodeList'),
    screen('codes/:codeId', 'squareCodeDetail'),
    screen('communications', 'squareCommunicationList'),
  ],
  tickets: [screen('list', 'ticketList'), screen('create', 'ticketCreate'), screen(':id', 'ticketDetail')],
  report: [screen('list', 'reportList')],
  users: [screen('list', 'userList'), screen('create', 'userCreate'), screen(':id', 'userDetail')],
  dashboard: [screen('', 'dashboard')],
};

/** Sections in menu order; the index of each goes where the domain table says (SPEC §2). */
export const SECTION_ROUTES: SectionRoutes[] = MENU.map((section) => {
  const routes = ROUTES_BY_SECTION[section.key] ?? [];
  const index = section.index?.slice(section.base.length + 1);
  return { key: section.key, base: section.base, routes: index ? [redirect('', index), ...routes] : routes };
});
