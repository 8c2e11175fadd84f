import type { ResourceName } from './access';
import { BATCH_SORT_FIELDS, TYPOLOGY_SORT_FIELDS } from './catalog';
import { CARD_SORT_FIELDS, TRANSACTION_SORT_FIELDS } from './giftcards';
import { ORDER_SORT_FIELDS } from './orders';
import { COMPANY_SORT_FIELDS, OPERATOR_SORT_FIELDS } from './schemas/companies-api';
import { PLANNED_RELOAD_SORT_FIELDS, RELOAD_HISTORY_SORT_FIELDS } from './schemas/reloads';
import { STORE_SORT_FIELDS } from './schemas/stores-api';

/**
 * The sort fields each list of the API accepts (server/lib/list-query.ts answers any other with
 * 400). The server's routes and the demo read the same constants; tests check against this map
 * that every sortable column and every reference's choices ask for a sort the list accepts.
 */
export const LIST_SORT_FIELDS: Partial<Record<ResourceName, readonly string[]>> = {
  'privative/giftcards': CARD_SORT_FIELDS,
  'privative/transactions': TRANSACTION_SORT_FIELDS,
  'privative/stores': STORE_SORT_FIELDS,
  'privative/batches': BATCH_SORT_FIELDS,
  'privative/typologies': TYPOLOGY_SORT_FIELDS,
  'privative-orders/companies': COMPANY_SORT_FIELDS,
  'privative-orders/operators': OPERATOR_SORT_FIELDS,
  'privative-orders/orders': ORDER_SORT_FIELDS,
  'privative-orders/acquired-orders': ORDER_SORT_FIELDS,
  'reloadables/reloads-history': RELOAD_HISTORY_SORT_FIELDS,
  'reloadables/queue-reloads': PLANNED_RELOAD_SORT_FIELDS,
};
