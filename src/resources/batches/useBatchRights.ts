import { useCanAccess } from 'react-admin';

export const BATCHES = 'privative/batches';

/**
 * What the signed-in user may do with batches: the access table's answer (domain/access.ts), which
 * keeps making, activating and archiving to provider staff and lets everyone who may see a batch
 * download its archive.
 */
export function useBatchRight(action: 'create' | 'activate' | 'deactivate' | 'archive' | 'download'): boolean {
  return useCanAccess({ resource: BATCHES, action }).canAccess === true;
}
