import type { z } from 'zod';
import type { reloadsParameters } from '../../../../domain/reports';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { movementsCsv } from '../../reloadables/export';
import { walletMovementsInPeriod } from './rows.repository';
import { overRows, type ReportFileInput } from './support';

/**
 * The wallet page's own export (reloadables/export.ts: reloads, transfers and every other wallet
 * movement in its words, with the card and run) over the wallets of the report's companies in the
 * period, oldest first, with the wallet's company first since the file spans several.
 */
export function reloadsCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof reloadsParameters>>): CsvFile {
  const wallet = movementsCsv('', {}, format);
  const c = csvColumns(format);
  const rows = walletMovementsInPeriod(companyIds, parameters, format.timeZone);
  const file = { ...wallet, columns: [c.text(textOf(format.language)('reportFiles.columns.company'), rows.values.walletCompany), ...wallet.columns] };
  return overRows(file, rows);
}
