import { OrderShowPage } from './OrderShowPage';
import { ACQUIRED } from './orderViews';

/** /privative-orders/acquired-orders/{id} (SPEC §2): read-only but for the codes and "received". */
export default function AcquiredOrderShow() {
  return <OrderShowPage config={ACQUIRED} />;
}
