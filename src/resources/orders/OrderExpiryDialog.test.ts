import { describe } from 'vitest';
import { itTakesTheServersDay } from '../../test/serverDay';
import { expiryFormSchema } from './OrderExpiryDialog';

// issue 46: "today or later" is the server's day (UTC), whatever the browser's zone
describe('the expiry dialog', () => {
  itTakesTheServersDay((day) => expiryFormSchema.safeParse({ expireDate: day }).success);
});
