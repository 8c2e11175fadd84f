import type { BulkAction } from './giftcards';

/** Valid params for each bulk action (makeBulkSchema in giftcards.ts); undefined where it takes none. */
const BULK_PARAMS: Record<BulkAction, Record<string, unknown> | undefined> = {
  activate: undefined,
  reload: { amountCents: 500 },
  deactivate: undefined,
  disable: undefined,
  lock: undefined,
  enable: undefined,
  editExpiry: { expireDate: '2099-12-31' },
};

/** A valid bulk request body for `action` on `ids`, as the SPA sends it (server and demo tests share it). */
export function bulkRequest(action: BulkAction, ids: string[]) {
  const params = BULK_PARAMS[action];
  return { action, ids, ...(params ? { params } : {}) };
}
