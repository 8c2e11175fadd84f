import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { declaredFilter, filterTextSchema } from '../../../domain/fields';
import { squareCodeFields, type SquareCode } from '../../../domain/schemas/square';
import type { SquareCodeActivity, SquareCodeState, SquareCommunicationState, SquareTypology } from '../../../domain/square';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../../lib/like';

/** The codes list's filter: the declared filters (status, typology), an order, and `q` (code or e-mail). */
export const squareCodeFilterSchema = declaredFilter(squareCodeFields, { orderId: z.uuid().optional(), q: filterTextSchema.optional() });
export interface SquareCodeFilter {
  status?: SquareCodeState;
  typology?: SquareTypology;
  orderId?: string;
  q?: string;
}

interface CodeRaw {
  id: string;
  code: string;
  order_id: string;
  order_number: string;
  company_id: string;
  host: string;
  email: string;
  first_name: string;
  last_name: string;
  amount_cents: string | number;
  value_cents: string | number;
  typology: SquareTypology;
  status: SquareCodeState;
  sell_date: Date | string | null;
  activation_date: Date | string | null;
  expire_date: Date | string | null;
  communication_status: SquareCommunicationState | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const CODE_COLUMNS = sql`k.id, k.code, k.order_id, o.order_number, k.company_id, k.host, k.email, k.first_name, k.last_name, k.amount_cents, k.value_cents,
  k.typology, k.status, k.sell_date, k.activation_date, k.expire_date, m.status AS communication_status`;
const CODE_FROM = sql`square_codes k JOIN square_orders o ON o.id = k.order_id LEFT JOIN square_communications m ON m.code_id = k.id`;

const toCode = (row: CodeRaw): SquareCode => ({
  id: row.id,
  code: row.code,
  orderId: row.order_id,
  orderNumber: row.order_number,
  companyId: row.company_id,
  host: row.host,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  amountCents: Number(row.amount_cents),
  valueCents: Number(row.value_cents),
  typology: row.typology,
  status: row.status,
  sellDate: iso(row.sell_date),
  activationDate: iso(row.activation_date),
  expireDate: iso(row.expire_date),
  communicationStatus: row.communication_status,
});

/** What the codes list can be ordered by (squareCodeFields declares which of these it offers). */
export const SQUARE_CODE_SORT_COLUMNS = { email: sql`k.email`, amountCents: sql`k.amount_cents`, activationDate: sql`k.activation_date`, expireDate: sql`k.expire_date`, id: sql`k.id` };
const SORT_TYPES: Record<keyof typeof SQUARE_CODE_SORT_COLUMNS, { type: KeyType; nullable: boolean }> = {
  email: { type: 'text', nullable: false },
  amountCents: { type: 'bigint', nullable: false },
  activationDate: { type: 'timestamptz', nullable: true },
  expireDate: { type: 'timestamptz', nullable: true },
  id: { type: 'uuid', nullable: false },
};
export type SquareCodeSort = { field: keyof typeof SQUARE_CODE_SORT_COLUMNS; order: 'ASC' | 'DESC' };
const codeKey = (sort: SquareCodeSort): SortKey => ({ column: SQUARE_CODE_SORT_COLUMNS[sort.field], ...SORT_TYPES[sort.field], id: sql`k.id`, order: sort.order });

function conditions(companyIds: readonly string[], filter: SquareCodeFilter): SQL {
  const parts = [inIds(sql`k.company_id`, companyIds)];
  if (filter.status) parts.push(sql`k.status = ${filter.status}`);
  if (filter.typology) parts.push(sql`k.typology = ${filter.typology}`);
  if (filter.orderId) parts.push(sql`k.order_id = ${filter.orderId}`);
  if (filter.q) {
    const text = filter.q.trim();
    const like = `%${escapeLike(text.toLowerCase())}%`;
    // a code is searched as printed or typed (hyphens and case ignored), an e-mail by part
    parts.push(sql`(k.code = ${text.replace(/[\s-]/g, '').toUpperCase()} OR k.email LIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export interface SquareCodePage {
  filter: SquareCodeFilter;
  sort: SquareCodeSort;
  offset: number;
  limit: number;
  after?: KeyPosition | null;
}

/** A page of the subtree's codes, with its rows' keys (the company index walks (company, activation date, id)). */
export async function listSquareCodes(db: Db, companyIds: readonly string[], page: SquareCodePage): Promise<KeyedRows<SquareCode>> {
  const key = codeKey(page.sort);
  const rows = await queryRows<CodeRaw & { sort_key: string | null }>(
    db,
    sql`SELECT ${CODE_COLUMNS}, ${key.column}::text AS sort_key FROM ${CODE_FROM}
        WHERE ${conditions(companyIds, page.filter)} AND ${afterCondition(key, page.after)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toCode);
}

/** One code of the subtree with its activity (every state change, oldest first, with who made it), or null. */
export async function findSquareCode(db: Db, companyIds: readonly string[], id: string): Promise<SquareCode | null> {
  const [row] = await queryRows<CodeRaw>(db, sql`SELECT ${CODE_COLUMNS} FROM ${CODE_FROM} WHERE k.id = ${id} AND ${inIds(sql`k.company_id`, companyIds)}`);
  if (!row) return null;
  const activity = await queryRows<{ id: string; activity: SquareCodeActivity; from_status: SquareCodeState | null; to_status: SquareCodeState; amount_cents: string | number; at: Date | string; user_name: string | null }>(
    db,
    sql`SELECT a.id, a.activity, a.from_status, a.to_status, a.amount_cents, a.at, NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name
        FROM square_code_activities a LEFT JOIN users u ON u.id = a.user_id WHERE a.code_id = ${id} ORDER BY a.seq`,
  );
  return {
    ...toCode(row),
    activity: activity.map((a) => ({ id: a.id, activity: a.activity, fromStatus: a.from_status, toStatus: a.to_status, amountCents: Number(a.amount_cents), at: iso(a.at)!, userName: a.user_name })),
  };
}
