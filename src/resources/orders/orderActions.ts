import { orderActionsFor, type OrderAction, type OrderFacts, type OrderViewer } from '../../../domain/orders';
import type { OrderView } from '../../dataProvider/types';

/** The actions the order's page offers (the wizard's own steps are not here). */
export const PAGE_ACTIONS = ['confirm', 'activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'tracking', 'delivered', 'retry', 'cancel', 'delete'] as const satisfies readonly OrderAction[];
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** The access-table action (domain/access.ts) each order action needs. */
export const ACCESS_ACTION: Record<PageAction, string> = {
  confirm: 'confirm',
  activate: 'activate',
  downloadCodes: 'codes',
  resendConfirmation: 'resendConfirmation',
  editExpiry: 'editExpiry',
  tracking: 'tracking',
  delivered: 'delivered',
  retry: 'retry',
  cancel: 'cancel',
  delete: 'delete',
};

/** Acquired orders are read-only but for their codes and "received" (server/modules/orders/README.md). */
const ACQUIRED_ACTIONS: readonly PageAction[] = ['downloadCodes', 'delivered'];

/**
 * What the page shows for this order, viewer and view: exactly what the transition table allows
 * (`orderActionsFor`, the rules the server enforces) and the access table grants (`granted`).
 */
export function pageActionsFor(order: OrderFacts, viewer: OrderViewer, view: OrderView, granted: (accessAction: string) => boolean): PageAction[] {
  const allowed = new Set(orderActionsFor(order, viewer));
  return PAGE_ACTIONS.filter((action) => allowed.has(action) && (view === 'placed' || ACQUIRED_ACTIONS.includes(action)) && granted(ACCESS_ACTION[action]));
}
