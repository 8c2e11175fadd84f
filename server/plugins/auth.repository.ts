import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, refreshTokens, users } from '../db/schema';
import { companyInScopeSql, companySubtreeJson } from '../db/company-scope';

/** The auth guard's one read per request (auth.ts decides: active, session live, company in scope). */

function callerQuery(db: Db, withCompany: boolean) {
  const live = sql<boolean>`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${and(eq(refreshTokens.familyId, sql.placeholder('sessionId')), isNull(refreshTokens.revokedAt), isNull(refreshTokens.rotatedAt))})`;
  const companyId = sql.placeholder('companyId');
  const inScope = withCompany ? companyInScopeSql({ id: companies.id, isProvider: companies.isProvider }, companyId) : sql`NULL`;
  const subtree = withCompany ? companySubtreeJson(companyId) : sql`NULL`;
  return db
    .select({ user: users, company: companies, live, inScope: sql<boolean | null>`${inScope}`, subtree: sql<string[] | null>`${subtree}` })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(withCompany ? 'tessera_auth_caller_company' : 'tessera_auth_caller');
}
type CallerQuery = ReturnType<typeof callerQuery>;
const preparedByDb = new WeakMap<Db, { plain: CallerQuery; company: CallerQuery }>();

/**
 * One round trip: the user, its company, whether the session is live and, on a company route,
 * whether {companyId} is in the caller's scope with that company's subtree. Loaded per request,
 * so a disabled user or a revoked session (logout, password change) is out at once. A prepared
 * statement: built once per database, planned once per connection.
 */
export async function loadCaller(db: Db, claims: { userId: string; sessionId: string }, companyId: string | null) {
  let prepared = preparedByDb.get(db);
  if (!prepared) preparedByDb.set(db, (prepared = { plain: callerQuery(db, false), company: callerQuery(db, true) }));
  const [row] = await (companyId ? prepared.company : prepared.plain).execute({ userId: claims.userId, sessionId: claims.sessionId, companyId });
  return row;
}
