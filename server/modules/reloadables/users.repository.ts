import { sql, type SQL } from 'drizzle-orm';
import type { ReloadableUser } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

/** The cardholders of the subtree's reloadable cards, with how many cards each holds there. */
interface UserRow {
  id: string;
  company_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  client_id: string | null;
  card_count: number;
  created_at: Date | string;
}

function toUser(row: UserRow): ReloadableUser {
  return {
    id: row.id,
    companyId: row.company_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    clientId: row.client_id,
    cardCount: row.card_count,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const USER_SELECT = (companyIds: readonly string[]) => sql`SELECT u.id, u.company_id, u.first_name, u.last_name, u.email, u.phone, u.client_id, u.created_at,
    (SELECT count(*)::int FROM reloadable_cards c WHERE c.user_id = u.id AND ${inIds(sql`c.company_id`, companyIds)}) AS card_count
  FROM reloadable_users u`;

/** By last and first name (or by id); `q` matches a name (either order), the e-mail or the client ID. */
export async function listReloadableUsers(
  db: Db,
  companyIds: readonly string[],
  filter: { q?: string },
  sort: { field: 'lastName' | 'id'; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<ReloadableUser[]> {
  const parts: SQL[] = [inIds(sql`u.company_id`, companyIds)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    parts.push(sql`((u.first_name || ' ' || u.last_name) ILIKE ${like} OR (u.last_name || ' ' || u.first_name) ILIKE ${like} OR u.email ILIKE ${like} OR u.client_id ILIKE ${like})`);
  }
  const dir = sort.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const order = sort.field === 'id' ? sql`u.id ${dir}` : sql`u.last_name ${dir}, u.first_name ${dir}, u.id ${dir}`;
  const rows = await queryRows<UserRow>(db, sql`${USER_SELECT(companyIds)} WHERE ${sql.join(parts, sql` AND `)} ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`);
  return rows.map(toUser);
}

export async function findReloadableUser(db: Db, companyIds: readonly string[], id: string): Promise<ReloadableUser | null> {
  const [row] = await queryRows<UserRow>(db, sql`${USER_SELECT(companyIds)} WHERE u.id = ${id} AND ${inIds(sql`u.company_id`, companyIds)}`);
  return row ? toUser(row) : null;
}
