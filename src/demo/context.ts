import { canAccess } from '../../domain/access';
import { readAccessToken, readCompanyId, readScopeCompanyId } from '../authProvider/session';
import { subtreeIds, type DemoDb, type DemoUser } from './db';
import { apiError } from './errors';

/** Who calls: the user of the demo session in local storage, and the companies in their scope. */
export interface DemoContext {
  db: DemoDb;
  maxTransactionCents: number;
  actor(): { user: DemoUser; companyId: string; companyIds: Set<string> };
  /** 403 FORBIDDEN unless the user's permissions allow `action` on `resource` (domain/access.ts). */
  require(resource: string, action: string): { user: DemoUser; companyId: string; companyIds: Set<string> };
}

/** The demo's access token names its user: `demo.<userId>`. */
export const demoToken = (userId: string, kind: 'access' | 'refresh') => `demo-${kind}.${userId}`;
export const userIdOfToken = (token: string | null) => (token?.startsWith('demo-access.') ? token.slice('demo-access.'.length) : null);

export function sessionUser(db: DemoDb): DemoUser | null {
  const id = userIdOfToken(readAccessToken());
  const user = id ? db.users.find((u) => u.id === id) : undefined;
  return user && user.status === 'ACTIVE' ? user : null;
}

export function createContext(db: DemoDb, maxTransactionCents: number): DemoContext {
  const actor = () => {
    const user = sessionUser(db);
    const own = readCompanyId();
    if (!user || !own) throw apiError(401, 'UNAUTHORIZED', '/api', 'Authentication required');
    // the `{companyId}` of the path: the company looked at, which must be in the user's subtree (404 otherwise, as the server)
    const companyId = readScopeCompanyId() ?? own;
    if (!subtreeIds(db, own).has(companyId)) throw apiError(404, 'NOT_FOUND', `/api/company/${companyId}`, 'Not found');
    return { user, companyId, companyIds: subtreeIds(db, companyId) };
  };
  return {
    db,
    maxTransactionCents,
    actor,
    require(resource, action) {
      const who = actor();
      if (!canAccess(who.user.permissions, resource, action)) throw apiError(403, 'FORBIDDEN', `/api/company/${who.companyId}`, 'Not allowed');
      return who;
    },
  };
}
