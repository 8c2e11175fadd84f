/** react-admin resource name of the transactions (RESOURCE_PATHS maps it to the API). */
export const TRANSACTIONS_RESOURCE = 'transactions';
export const TRANSACTIONS_PAGE_SIZE = 25;

/** Screen path of SPEC §2. */
export const TRANSACTION_LIST_PATH = '/privative/transactions/list';

/** The transactions screen filtered on one card (the filter lives in the URL, react-admin style). */
export function transactionListPathForCard(cardId: string): string {
  return `${TRANSACTION_LIST_PATH}?filter=${encodeURIComponent(JSON.stringify({ cardId }))}`;
}
