import type { Identifier } from 'react-admin';
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '../../domain/integration';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';

/**
 * API keys (the route list in domain/integration.ts): the list goes through the CRUD methods
 * (`api-keys`); creating answers the whole key once, so it is a named call whose answer the screen
 * shows, not react-admin's create (which would cache the secret with the list's records).
 */
export interface ApiKeyActions {
  /** 201: the key as listed and its secret `key`; 403 API_KEY_SCOPE_NOT_HELD for a scope the caller lacks. */
  createApiKey(body: ApiKeyCreateBody): Promise<ApiKeyCreated>;
  /** The key, revoked (`revokedAt` set, state `revoked`): calls with it answer 401 from now on. */
  revokeApiKey(id: Identifier): Promise<ApiKey>;
}

export function apiKeyActions(http: HttpClient): ApiKeyActions {
  const keys = () => resourcePath('api-keys');
  return {
    async createApiKey(body) {
      return (await http.request<ApiKeyCreated>(keys(), { method: 'POST', json: body })).body;
    },
    async revokeApiKey(id) {
      return (await http.request<ApiKey>(`${keys()}/${encodeURIComponent(String(id))}/revoke`, { method: 'POST', json: {} })).body;
    },
  };
}
