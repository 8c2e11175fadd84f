import type { Identifier } from 'react-admin';
import type { SquareCommunication, SquareOrder, SquareValidation } from '../../domain/schemas/square';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';
import type { SquareActions } from './types';

/** Square vouchers' calls under `/api/company/{companyId}/square/…` (the route list in domain/schemas/square.ts). */
export function squareActions(http: HttpClient): SquareActions {
  const orders = () => resourcePath('square/orders');
  const seg = (id: Identifier) => encodeURIComponent(String(id));
  const order = (id: Identifier) => `${orders()}/${seg(id)}`;
  const send = async <T>(url: string, method: 'POST' | 'DELETE', json?: unknown, idempotencyKey?: string, signal?: AbortSignal) =>
    (await http.request<T>(url, { method, json, signal, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined })).body;
  const blob = async (url: string, signal: AbortSignal | undefined, query: Record<string, string>) => (await http.request<Blob>(url, { responseType: 'blob', signal, query })).body;
  return {
    squareOrderTemplate: (language) => blob(`${orders()}/template`, undefined, { lang: language }),
    validateSquareOrder: (body, signal) => send<SquareValidation>(`${orders()}/validate`, 'POST', body, undefined, signal),
    createSquareOrder: (body, key) => send<SquareOrder>(orders(), 'POST', body, key),
    moveSquareOrder: (id, action) => send<SquareOrder>(`${order(id)}/${action}`, 'POST', {}),
    async deleteSquareOrder(id) {
      await http.request(order(id), { method: 'DELETE' });
    },
    squareReconciliation: (id, { language, timeZone }, signal) => blob(`${order(id)}/reconciliation`, signal, { lang: language, tz: timeZone }),
    resendSquareCommunication: (id) => send<SquareCommunication>(`${resourcePath('square/communications')}/${seg(id)}/resend`, 'POST', {}),
  };
}
