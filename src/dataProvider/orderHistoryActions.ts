import type { ExportLanguage } from '../../domain/giftcards';
import type { IntegratedOrderFilter } from '../../domain/integratedOrders';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';

/**
 * The order history (issue 22): both tabs' lists and the integrated order's page go through the
 * CRUD methods (`privative-orders/orders`, `privative-orders/integrated-orders`), the bulk tab's
 * CSV through `exportOrders`; this is the integrated tab's CSV.
 */
export interface OrderHistoryActions {
  /** `GET integrated-orders/export?filter&lang&tz`: the filtered integrated orders as CSV, the same query as the B2B orders' export. */
  exportIntegratedOrders(filter: IntegratedOrderFilter, format: { language: ExportLanguage; timeZone: string }, signal?: AbortSignal): Promise<Blob>;
}

export function orderHistoryActions(http: HttpClient): OrderHistoryActions {
  return {
    async exportIntegratedOrders(filter, { language, timeZone }, signal) {
      const query = { filter: JSON.stringify(filter), lang: language, tz: timeZone };
      return (await http.request<Blob>(`${resourcePath('privative-orders/integrated-orders')}/export`, { responseType: 'blob', signal, query })).body;
    },
  };
}
