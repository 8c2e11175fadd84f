import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { bearer } from '../auth';

/** inject helper: JSON call with a bearer token and optional headers. */
export function catalogCaller(app: FastifyInstance) {
  return (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export const physicalTypology = (sku: string) => ({
  name: `Physical ${sku}`,
  type: 'PHYSICAL',
  valueCents: 2500,
  variableValue: false,
  sku,
  expirationType: 'MONTHS_FROM_ACTIVATION',
  expirationMonths: 12,
});

/** Progressives of a lot, in order, with the checks the batch promises: contiguous, and codes unique and well formed. */
export async function lotCards(db: Db, lotNumber: string) {
  return queryRows<{ id: string; code: string; progressive: string | number; status: string; company_id: string; balance_cents: string | number; expire_date: Date | string | null }>(
    db,
    sql`SELECT id, code, progressive, status, company_id, balance_cents, expire_date FROM gift_cards WHERE lot_number = ${lotNumber} ORDER BY progressive`,
  );
}
