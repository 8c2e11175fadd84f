import type { FieldSet } from '../../../domain/fields';
import { acquiredOrderFields, orderFields } from '../../../domain/schemas/order';
import type { OrderView } from '../../dataProvider/types';

export const ORDERS = 'privative-orders/orders';
export const ACQUIRED_ORDERS = 'privative-orders/acquired-orders';

/** What differs between the two order lists of SPEC §2 (the placed and the acquired view). */
export interface OrderViewConfig {
  view: OrderView;
  resource: typeof ORDERS | typeof ACQUIRED_ORDERS;
  fields: FieldSet;
  /** i18n keys */
  listTitle: string;
  detailTitle: string;
  back: string;
  /** the company column: receiving (placed view) or placing (acquired view) */
  company: 'companyName' | 'placedByCompanyName';
  /** the export's file name */
  exportFile: string;
}

export const PLACED: OrderViewConfig = {
  view: 'placed',
  resource: ORDERS,
  fields: orderFields,
  listTitle: 'screens.orderList',
  detailTitle: 'screens.orderDetail',
  back: 'orderScreens.detail.back',
  company: 'companyName',
  exportFile: 'orders.csv',
};

export const ACQUIRED: OrderViewConfig = {
  view: 'acquired',
  resource: ACQUIRED_ORDERS,
  fields: acquiredOrderFields,
  listTitle: 'screens.acquiredOrderList',
  detailTitle: 'screens.acquiredOrderDetail',
  back: 'orderScreens.detail.backAcquired',
  company: 'placedByCompanyName',
  exportFile: 'acquired-orders.csv',
};

export const viewOf = (view: OrderView) => (view === 'placed' ? PLACED : ACQUIRED);
