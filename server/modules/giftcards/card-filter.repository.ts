import { sql, type SQL } from 'drizzle-orm';
import {
  CARD_CODE_ALPHABET,
  CARD_STATUS_FILTER_MAP,
  normalizeCardCode,
  rangeEndExclusive,
  rangeStart,
  type CardFilter,
} from '../../../domain/giftcards';
import { CODE_LENGTH } from '../../../domain/codes';

const CODE_CHARS = new RegExp(`^[${CARD_CODE_ALPHABET}]+$`);

/** Status filter with expiry applied: a usable card past its date counts as expired, not active. */
function statusCondition(filter: CardFilter['status']): SQL | null {
  if (!filter || filter === 'all') return null;
  const notPast = sql`(c.expire_date IS NULL OR c.expire_date > now())`;
  if (filter === 'expired') return sql`(c.status = 'EXPIRED' OR (c.status IN ('ACTIVE', 'SOLD') AND c.expire_date <= now()))`;
  const { statuses, noOrderReference } = CARD_STATUS_FILTER_MAP[filter];
  const list = sql.join(
    (statuses ?? []).map((s) => sql`${s}`),
    sql`, `,
  );
  const parts = [sql`c.status IN (${list})`];
  if (filter === 'active' || filter === 'sold') parts.push(notPast);
  if (noOrderReference) parts.push(sql`c.order_reference IS NULL`);
  return sql.join(parts, sql` AND `);
}

/**
 * Code filter: the exact code, or a prefix (codes use only CARD_CODE_ALPHABET, so a prefix is a
 * range on the unique index; anything else matches nothing). A 16-character string is an older
 * code or the start of a 17-character one: the range finds both.
 */
function codeCondition(code: string | undefined): SQL | null {
  if (code === undefined) return null;
  const normalized = normalizeCardCode(code);
  if (!CODE_CHARS.test(normalized)) return sql`FALSE`;
  if (normalized.length >= CODE_LENGTH) return sql`c.code = ${normalized}`;
  // 'Z' sorts after every other character of the alphabet; CODE_LENGTH covers both code formats
  return sql`c.code BETWEEN ${normalized} AND ${normalized.padEnd(CODE_LENGTH, 'Z')}`;
}

/** The filter's own conditions (alias `c`), without the company: TRUE when there are none. */
export function cardFilterConditions(filter: CardFilter): SQL {
  const parts: (SQL | null)[] = [
    statusCondition(filter.status),
    codeCondition(filter.code),
    filter.progressiveFrom !== undefined ? sql`c.progressive >= ${filter.progressiveFrom}` : null,
    filter.progressiveTo !== undefined ? sql`c.progressive <= ${filter.progressiveTo}` : null,
    filter.lotNumber !== undefined ? sql`c.lot_number = ${filter.lotNumber}` : null,
    filter.orderReference !== undefined ? sql`c.order_reference = ${filter.orderReference}` : null,
    filter.storeId !== undefined ? sql`c.activation_store_id = ${filter.storeId}` : null,
    filter.activationFrom !== undefined ? sql`c.activation_date >= ${rangeStart(filter.activationFrom).toISOString()}` : null,
    filter.activationTo !== undefined ? sql`c.activation_date < ${rangeEndExclusive(filter.activationTo).toISOString()}` : null,
    filter.expiryFrom !== undefined ? sql`c.expire_date >= ${rangeStart(filter.expiryFrom).toISOString()}` : null,
    filter.expiryTo !== undefined ? sql`c.expire_date < ${rangeEndExclusive(filter.expiryTo).toISOString()}` : null,
  ];
  const present = parts.filter((p): p is SQL => p !== null);
  return present.length > 0 ? sql.join(present, sql` AND `) : sql`TRUE`;
}

export const CARD_SORT_COLUMNS = {
  progressive: sql.raw('c.progressive'),
  createdAt: sql.raw('c.created_at'),
  activationDate: sql.raw('c.activation_date'),
  expireDate: sql.raw('c.expire_date'),
  id: sql.raw('c.id'),
} as const;
