import { orderActionsFor, orderConfirmRefusal, type OrderAction, type OrderConfigurationFacts, type OrderFacts, type OrderViewer } from '../../../domain/orders';
import type { OrderView } from '../../dataProvider/types';

/**
 * The actions the order's page offers: the order actions it runs itself, and `continue`, which
 * takes a draft back into the wizard at its first step not done (the wizard's own steps are not here).
 */
export const PAGE_ACTIONS = ['continue', 'confirm', 'activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'tracking', 'delivered', 'retry', 'cancel', 'delete'] as const satisfies readonly (OrderAction | 'continue')[];
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** The access-table action (domain/access.ts) each page action needs. */
export const ACCESS_ACTION: Record<PageAction, string> = {
  continue: 'edit',
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

/** What the page needs to know of the order: its state, and for a draft its products and configuration. */
export type PageOrder = OrderFacts & OrderConfigurationFacts & { items: readonly unknown[] };

/**
 * What the page shows for this order, viewer and view: exactly what would succeed, i.e. what the
 * transition table allows (`orderActionsFor`, the rules the server enforces) and the access table
 * grants (`granted`); "confirm" only for a draft the server would confirm (`orderConfirmRefusal`),
 * and "continue" for a draft that may still be edited.
 */
export function pageActionsFor(order: PageOrder, viewer: OrderViewer, view: OrderView, granted: (accessAction: string) => boolean): PageAction[] {
  const allowed = new Set<string>(orderActionsFor(order, viewer));
  if (allowed.has('confirm') && orderConfirmRefusal(order, order.items.length) !== null) allowed.delete('confirm');
  if (allowed.has('editConfiguration')) allowed.add('continue');
  return PAGE_ACTIONS.filter((action) => allowed.has(action) && (view === 'placed' || ACQUIRED_ACTIONS.includes(action)) && granted(ACCESS_ACTION[action]));
}
