import { OrderShowPage } from './OrderShowPage';
import { PLACED } from './orderViews';

/** /privative-orders/orders/{id} (SPEC §2). */
export default function OrderShow() {
  return <OrderShowPage config={PLACED} />;
}
