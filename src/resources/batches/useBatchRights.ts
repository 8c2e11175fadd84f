import { useCanAccess } from 'react-admin';
import { useUserConfiguration } from '../../authProvider/useUserConfiguration';

export const BATCHES = 'privative/batches';

/**
 * What the signed-in user may do with batches: the access table's action (domain/access.ts) and,
 * for making, activating and archiving, being provider staff (the API's catalog service refuses
 * those to customers' users with 403 even when they hold the batches flag). Downloading an archive
 * is for every user who may see the batch.
 */
export function useBatchRight(action: 'create' | 'activate' | 'deactivate' | 'archive' | 'download'): boolean {
  const { canAccess } = useCanAccess({ resource: BATCHES, action });
  const { data: configuration } = useUserConfiguration();
  if (!canAccess) return false;
  if (action === 'download') return true;
  return configuration?.company.isProvider === true;
}
