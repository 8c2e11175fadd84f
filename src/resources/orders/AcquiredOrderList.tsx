import { OrderListPage } from './OrderListPage';
import { ACQUIRED } from './orderViews';

/** /privative-orders/acquired-orders/list (SPEC §2): orders another company or the provider placed for this one. */
export default function AcquiredOrderList() {
  return <OrderListPage config={ACQUIRED} />;
}
