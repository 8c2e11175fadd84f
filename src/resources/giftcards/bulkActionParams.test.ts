import { describe } from 'vitest';
import { itTakesTheServersDay } from '../../test/serverDay';
import { bulkParamsSchema, EMPTY_BULK_PARAMS } from './bulkActionParams';

// issue 46: a bulk expiry's "today or later" is the server's (the UTC day), whatever the browser's zone
describe('the bulk expiry date', () => {
  itTakesTheServersDay((day) => bulkParamsSchema('editExpiry', 100_000).safeParse({ ...EMPTY_BULK_PARAMS, expireDate: day }).success);
});
