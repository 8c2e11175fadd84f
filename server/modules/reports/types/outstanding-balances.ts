import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { outstandingBalancesParameters } from '../../../../domain/reports';
import { inIds } from '../../../db/company-scope';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { dayEnd, type ReportFileInput } from './support';

/**
 * The liability report finance asks for: per company and typology, the balance the cards held at
 * the END of the chosen day (the requester's zone), worked out from the ledger — every SUCCESS
 * move's signed amount before that instant, summed per card — never from today's balances, so
 * moves after the day do not count. Columns: company, typology, cards with a balance (> 0) then,
 * the outstanding amount; a subtotal row after each company's typologies and a total row last
 * (one GROUP BY ROLLUP).
 */
export function outstandingBalancesCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof outstandingBalancesParameters>>): CsvFile {
  const t = textOf(format.language);
  const c = csvColumns(format);
  const subtotal = t('reportFiles.rows.subtotal');
  const total = t('reportFiles.rows.total');
  // level: GROUPING(company, typology): 0 a typology's row, 1 a company's subtotal, 3 the total
  const columns = [
    c.derived(t('reportFiles.columns.company'), [sql`r.company_name`, sql`r.level`], (name, level) => (level === '3' ? total : (name ?? ''))),
    c.derived(t('reportFiles.columns.typology'), [sql`r.typology_name`, sql`r.level`], (name, level) => (level === '1' ? subtotal : level === '3' ? '' : (name ?? ''))),
    c.count(t('reportFiles.columns.cards'), sql`r.cards`),
    c.money(t('reportFiles.columns.amount'), sql`r.cents`),
  ];
  const end = dayEnd(parameters.date, format.timeZone);
  const balances = sql`SELECT x.card_id, sum(x.amount_cents) AS cents FROM gift_card_transactions x
    WHERE ${inIds(sql`x.company_id`, companyIds)} AND x.result = 'SUCCESS' AND x.created_at < ${end}
    GROUP BY x.card_id`;
  const grouped = sql`SELECT co.id AS company_id, co.name AS company_name, ty.id AS typology_id, ty.name AS typology_name,
      GROUPING(co.id) AS company_level, GROUPING(co.id, ty.id) AS level,
      count(*) FILTER (WHERE b.cents > 0) AS cards, COALESCE(sum(b.cents), 0) AS cents
    FROM (${balances}) b JOIN gift_cards g ON g.id = b.card_id JOIN companies co ON co.id = g.company_id JOIN card_typologies ty ON ty.id = g.typology_id
    GROUP BY ROLLUP ((co.id, co.name), (ty.id, ty.name))`;
  // a row's place: companies by name, each one's typologies by name then its subtotal, the total last
  const ordered = sql`SELECT s.*, row_number() OVER (ORDER BY s.company_level, s.company_name, s.company_id, s.level, s.typology_name, s.typology_id) AS ord FROM (${grouped}) s`;
  const rows = {
    from: (condition: SQL) => sql`FROM (SELECT o.*, ('00000000-0000-4000-8000-' || lpad(to_hex(o.ord), 12, '0'))::uuid AS id FROM (${ordered}) o) r WHERE ${condition}`,
    key: { column: sql`r.ord`, type: 'bigint', id: sql`r.id`, order: 'ASC' },
  } as const;
  return { rows, columns, separator: c.separator };
}
