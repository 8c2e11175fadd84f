import { OrderListPage } from './OrderListPage';
import { PLACED } from './orderViews';

/** /privative-orders/orders/list (SPEC §2). */
export default function OrderList() {
  return <OrderListPage config={PLACED} />;
}
