import { sql, type SQL } from 'drizzle-orm';
import type { CatalogTypology, TypologyCreateBody, TypologyFilter, TypologyUpdateBody } from '../../../domain/catalog';
import { queryRows, type Db } from '../../db/client';
import type { TypologyRow } from '../../db/schema';
import { inIds } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

type Raw = {
  id: string;
  company_id: string | null;
  name: string;
  type: TypologyRow['type'];
  value_cents: string | number | null;
  variable_value: boolean;
  sku: string;
  expiration_type: TypologyRow['expirationType'];
  expiration_months: number | null;
  expiration_date: string | Date | null;
  created_at: string | Date;
};

const COLUMNS = sql`t.id, t.company_id, t.name, t.type, t.value_cents, t.variable_value, t.sku, t.expiration_type, t.expiration_months, t.expiration_date, t.created_at`;
const day = (v: string | Date | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

function toTypology(r: Raw): CatalogTypology {
  return {
    id: r.id,
    companyId: r.company_id,
    name: r.name,
    type: r.type,
    valueCents: r.value_cents === null ? null : Number(r.value_cents),
    variableValue: r.variable_value,
    sku: r.sku,
    expirationType: r.expiration_type,
    expirationMonths: r.expiration_months,
    expirationDate: day(r.expiration_date),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** What a caller of the subtree sees: the provider catalog (company_id null) and the subtree's own typologies. */
const visible = (companyIds: readonly string[]) => sql`(t.company_id IS NULL OR ${inIds(sql`t.company_id`, companyIds)})`;

const SORT: Record<'name' | 'sku' | 'createdAt' | 'id', SQL> = { name: sql`t.name`, sku: sql`t.sku`, createdAt: sql`t.created_at`, id: sql`t.id` };

/** A page of the catalog (small table: an exact total). */
export async function listCatalog(
  db: Db,
  companyIds: readonly string[],
  query: { filter: TypologyFilter; sort: { field: keyof typeof SORT; order: 'ASC' | 'DESC' }; offset: number; limit: number },
): Promise<{ rows: CatalogTypology[]; total: number }> {
  const { filter } = query;
  const parts: SQL[] = [visible(companyIds)];
  if (filter.q) parts.push(sql`(t.name ILIKE ${`%${escapeLike(filter.q)}%`} OR t.sku ILIKE ${`%${escapeLike(filter.q)}%`})`);
  if (filter.type) parts.push(sql`t.type = ${filter.type}`);
  if (filter.variableValue !== undefined) parts.push(sql`t.variable_value = ${filter.variableValue}`);
  if (filter.id) parts.push(inIds(sql`t.id`, filter.id));
  const where = sql.join(parts, sql` AND `);
  const order = query.sort.order === 'DESC' ? sql`DESC` : sql`ASC`;
  const rows = await queryRows<Raw & { total: string | number }>(
    db,
    sql`SELECT ${COLUMNS}, count(*) OVER () AS total FROM card_typologies t WHERE ${where}
        ORDER BY ${SORT[query.sort.field]} ${order}, t.id ${order} LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.offset > 0) {
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM card_typologies t WHERE ${where}`);
    total = count.n;
  }
  return { rows: rows.map(toTypology), total };
}

/** One typology the subtree can see (undefined otherwise). */
export async function findTypology(db: Db, companyIds: readonly string[], id: string): Promise<CatalogTypology | undefined> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${COLUMNS} FROM card_typologies t WHERE t.id = ${id} AND ${visible(companyIds)}`);
  return row ? toTypology(row) : undefined;
}

export async function insertTypology(db: Db, body: TypologyCreateBody): Promise<CatalogTypology> {
  const [row] = await queryRows<Raw>(
    db,
    sql`INSERT INTO card_typologies AS t (company_id, name, type, value_cents, variable_value, sku, expiration_type, expiration_months, expiration_date)
        VALUES (${body.companyId ?? null}, ${body.name}, ${body.type}, ${body.variableValue ? null : (body.valueCents ?? null)}, ${body.variableValue},
          ${body.sku}, ${body.expirationType}, ${body.expirationMonths ?? null}, ${body.expirationDate ?? null})
        RETURNING ${COLUMNS}`,
  );
  return toTypology(row);
}

export async function updateTypology(db: Db, id: string, body: TypologyUpdateBody): Promise<CatalogTypology | undefined> {
  const [row] = await queryRows<Raw>(
    db,
    sql`UPDATE card_typologies AS t SET name = ${body.name}, type = ${body.type}, value_cents = ${body.variableValue ? null : (body.valueCents ?? null)},
          variable_value = ${body.variableValue}, sku = ${body.sku}, expiration_type = ${body.expirationType},
          expiration_months = ${body.expirationMonths ?? null}, expiration_date = ${body.expirationDate ?? null}
        WHERE t.id = ${id} RETURNING ${COLUMNS}`,
  );
  return row ? toTypology(row) : undefined;
}

/** Whether any card or batch was made of the typology (then its type and variable value are fixed). */
export async function typologyInUse(db: Db, id: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM card_batches WHERE typology_id = ${id}) OR EXISTS (SELECT 1 FROM typology_progressives WHERE typology_id = ${id})
          OR EXISTS (SELECT 1 FROM gift_cards WHERE typology_id = ${id}) AS used`,
  );
  return row.used;
}
