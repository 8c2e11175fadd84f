import type { ApiKeyScope } from '../../../domain/integration';
import type { Actor } from '../../lib/access';

/**
 * Who calls the integration API: an API key, authenticated by the integration plugin on every
 * `/api/integration/…` request (`request.apiKey`). The key acts as its creator would, limited to its
 * scopes' permissions, on the key's company and its subtree; a till's key (`storeId`) moves money
 * at that store only. Services get `actor` as they get a session's.
 */
export interface IntegrationCaller {
  keyId: string;
  keyName: string;
  prefix: string;
  scopes: ApiKeyScope[];
  storeId: string | null;
  /** the code of the key's store (null: no store), what a till's call may name */
  storeCode: string | null;
  /** principal of the key's creator, permissions limited to the scopes, on the key's company */
  actor: Actor;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set on every /api/integration/… request by the integration plugin; null elsewhere */
    apiKey: IntegrationCaller | null;
  }
}
