import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { reloadsParameters } from '../../../../domain/reports';
import { inIds } from '../../../db/company-scope';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { movementsCsv } from '../../reloadables/export';
import { MOVEMENT_FROM, movementKey } from '../../reloadables/wallet.repository';
import { inPeriod, overRows, type ReportFileInput } from './support';

/**
 * The wallet page's own export (reloadables/export.ts: reloads, transfers and every other wallet
 * movement in its words, with the card and run) over the wallets of the report's companies in the
 * period, oldest first, with the wallet's company first since the file spans several.
 */
export function reloadsCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof reloadsParameters>>): CsvFile {
  const wallet = movementsCsv('', {}, format);
  const c = csvColumns(format);
  const file = { ...wallet, columns: [c.text(textOf(format.language)('reportFiles.columns.company'), sql`wc.name`), ...wallet.columns] };
  const where = sql`${inIds(sql`m.company_id`, companyIds)} AND ${inPeriod(sql`m.created_at`, parameters.dateFrom, parameters.dateTo, format.timeZone)}`;
  return overRows(file, (condition: SQL) => sql`${MOVEMENT_FROM} JOIN companies wc ON wc.id = m.company_id WHERE ${where} AND ${condition}`, movementKey('ASC'));
}
