import { sql } from 'drizzle-orm';
import type { Typology } from '../../../domain/giftcards';
import { queryRows, type Db } from '../../db/client';
import type { TypologyRow } from '../../db/schema';
import { inIds } from '../../lib/company-scope';

type Raw = { id: string; company_id: string | null; name: string; type: TypologyRow['type']; value_cents: string | number | null; variable_value: boolean; sku: string; expiration_type: TypologyRow['expirationType']; expiration_months: number | null; expiration_date: string | Date | null };

/** The provider catalog (company_id null) and the typologies of the company subtree. */
export async function listTypologies(db: Db, companyIds: readonly string[]): Promise<Typology[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`SELECT id, company_id, name, type, value_cents, variable_value, sku, expiration_type, expiration_months, expiration_date
        FROM card_typologies t WHERE t.company_id IS NULL OR ${inIds(sql`t.company_id`, companyIds)} ORDER BY name, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    name: r.name,
    type: r.type,
    valueCents: r.value_cents === null ? null : Number(r.value_cents),
    variableValue: r.variable_value,
    sku: r.sku,
    expirationType: r.expiration_type,
    expirationMonths: r.expiration_months,
    expirationDate: r.expiration_date === null ? null : typeof r.expiration_date === 'string' ? r.expiration_date.slice(0, 10) : r.expiration_date.toISOString().slice(0, 10),
  }));
}
