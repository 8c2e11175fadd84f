import { sql, type SQL } from 'drizzle-orm';

/**
 * The next printed number of a sequence: `prefix` and at least six digits ('ORD-000042'). Past
 * 999,999 the number grows a digit rather than being cut to six (lpad truncates: 1,000,000
 * would print as 100000, a number already given).
 */
export function nextPrintedNumber(prefix: string, sequence: string): SQL {
  return sql`(SELECT ${prefix} || lpad(n, greatest(6, length(n)), '0') FROM (SELECT nextval(${sequence}::regclass)::text AS n) AS next_number)`;
}
