import type { Identifier } from 'react-admin';
import type { Grantable, UserRecord } from '../../domain/schemas/users';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';

export type UserStateAction = 'disable' | 'enable' | 'resend-activation';

/** User management's calls that are not CRUD (the route list in domain/schemas/users.ts). */
export interface UserActions {
  /** The permission keys and roles the caller may hand out. */
  grantableUserRights(signal?: AbortSignal): Promise<Grantable>;
  /** disable (sessions end at once), enable, or a new activation link; answers the user. */
  moveUser(id: Identifier, action: UserStateAction): Promise<UserRecord>;
}

export function usersActions(http: HttpClient): UserActions {
  const root = () => resourcePath('users');
  return {
    grantableUserRights: async (signal) => (await http.request<Grantable>(`${root()}/grantable`, { signal })).body,
    moveUser: async (id, action) => (await http.request<UserRecord>(`${root()}/${encodeURIComponent(String(id))}/${action}`, { method: 'POST', json: {} })).body,
  };
}
