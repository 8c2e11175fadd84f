import type { z } from 'zod';
import type { outstandingBalancesParameters } from '../../../../domain/reports';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { balancesAtDayEnd } from './rows.repository';
import type { ReportFileInput } from './support';

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
  const rows = balancesAtDayEnd(companyIds, parameters.date, format.timeZone);
  const v = rows.values;
  // level: GROUPING(company, typology): 0 a typology's row, 1 a company's subtotal, 3 the total
  const columns = [
    c.derived(t('reportFiles.columns.company'), [v.companyName, v.level], (name, level) => (level === '3' ? total : (name ?? ''))),
    c.derived(t('reportFiles.columns.typology'), [v.typologyName, v.level], (name, level) => (level === '1' ? subtotal : level === '3' ? '' : (name ?? ''))),
    c.count(t('reportFiles.columns.cards'), v.cards),
    c.money(t('reportFiles.columns.amount'), v.cents),
  ];
  return { rows, columns, separator: c.separator };
}
