import type { ResourceName } from './access';
import { TYPOLOGY_SORT_FIELDS } from './catalog';
import { sortFields, type FieldSet } from './fields';
import { batchFields } from './schemas/batch';
import { giftCardFields } from './schemas/giftcard';
import { companyFields } from './schemas/company';
import { operatorFields } from './schemas/operator';
import { acquiredOrderFields, orderFields } from './schemas/order';
import { reloadableCardFields } from './schemas/reloadable-cards';
import { queueReloadFields, reloadHistoryFields } from './schemas/reloads';
import { storeFields } from './schemas/store';
import { transactionFields } from './schemas/transaction';

/** The declared lists: their sorts are the API's (server/lib/list-query.ts `declaredSorts`). */
const DECLARED: readonly FieldSet[] = [giftCardFields, storeFields, companyFields, operatorFields, batchFields, orderFields, acquiredOrderFields, transactionFields, reloadableCardFields, reloadHistoryFields, queueReloadFields];

/**
 * The sort fields each list of the API accepts (server/lib/list-query.ts answers any other with
 * 400): a declared list's come from its declaration, as the server reads them; the others are
 * the server's constants. Tests check against this map that every reference's choices ask for
 * a sort the list accepts.
 */
export const LIST_SORT_FIELDS: Partial<Record<ResourceName, readonly string[]>> = {
  ...Object.fromEntries(DECLARED.map((set) => [set.resource, sortFields(set)])),
  'privative/typologies': TYPOLOGY_SORT_FIELDS,
};
