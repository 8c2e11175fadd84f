import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../../domain/integration';
import { ApiError } from '../../lib/errors';
import type { IntegrationCaller } from './caller';

/**
 * The caller of an integration route, refused unless its key holds `scope`. Every integration route
 * starts here (the plugin has already refused a request with no valid key, 401 API_KEY_INVALID).
 */
export function requireScope(request: FastifyRequest, scope: ApiKeyScope): IntegrationCaller {
  const caller = request.apiKey;
  if (!caller) throw new ApiError(401, 'API_KEY_INVALID', 'A valid API key is required');
  if (!caller.scopes.includes(scope)) throw new ApiError(403, 'API_KEY_SCOPE_MISSING', `The key lacks the scope ${scope}`);
  return caller;
}
