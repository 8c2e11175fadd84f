import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { permissionsFrom, type PermissionKey } from '../../domain/permissions';
import type { Db } from '../db/client';
import { companies, stores, users } from '../db/schema';
import { bearer, login } from './auth';

/** Builders every module's tests share: companies, users with given flags, stores, made straight in the database; an inject caller. */
export async function companyIdOf(db: Db, code: string): Promise<string> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  return row.id;
}

export async function addCompany(db: Db, code: string, parentId: string): Promise<string> {
  const [row] = await db.insert(companies).values({ code, name: `${code} S.r.l.`, parentId }).returning({ id: companies.id });
  return row.id;
}

/** An ACTIVE user with exactly these flags, signed in with the demo password; answers its access token. */
export async function userWith(app: FastifyInstance, db: Db, email: string, companyId: string, keys: PermissionKey[]): Promise<string> {
  const [template] = await db.select().from(users).where(eq(users.email, 'operator@acme.test'));
  await db.insert(users).values({
    email,
    companyId,
    firstName: 'Test',
    lastName: 'User',
    status: 'ACTIVE',
    permissions: permissionsFrom(keys),
    passwordHash: template.passwordHash,
    passwordChangedAt: new Date(),
  });
  return (await login(app, email)).accessToken;
}

export async function addStore(db: Db, companyId: string, code: string, isDefaultActivation = false): Promise<string> {
  const [row] = await db.insert(stores).values({ companyId, code, name: `Store ${code}`, storeCategoryId: 'RETAIL', isDefaultActivation }).returning({ id: stores.id });
  return row.id;
}

/** inject helper: JSON call with a bearer token and optional Idempotency-Key. */
export function caller(app: FastifyInstance) {
  return (token: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
