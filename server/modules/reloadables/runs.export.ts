import type { CsvFormat } from '../../../domain/csv';
import type { ReloadRunFilter, ReloadState } from '../../../domain/reloadables';
import { notCreditedWhy, RELOADABLES_CSV_TEXTS } from '../../../domain/reloadablesCsv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { historyExportRows } from './runs.repository';

/**
 * The reload history as CSV (lib/csv-export.ts), streamed whole: one line per row of the
 * filtered completed runs (run number, dates in the asker's zone, card, customer, amount, state,
 * when credited, why not), worded as the run's page words them (locales/<lang>/reloads.json).
 */
export function historyCsv(companyId: string, filter: ReloadRunFilter, format: CsvFormat): CsvFile {
  const { fields, states } = RELOADABLES_CSV_TEXTS[format.language].reloads;
  const why = notCreditedWhy(format.language);
  const c = csvColumns(format);
  const rows = historyExportRows(companyId, filter);
  const v = rows.values;
  const columns = [
    c.text(fields.number, v.runNumber),
    c.dateTime(fields.createdAt, v.createdAt),
    c.dateTime(fields.scheduledAt, v.scheduledAt),
    c.dateTime(fields.completedAt, v.completedAt),
    c.count(fields.position, v.position),
    c.text(fields.cardNumber, v.cardNumber),
    c.text(fields.customer, v.customer),
    c.money(fields.amount, v.amountCents),
    c.words(fields.state, v.state, states),
    c.dateTime(fields.creditedAt, v.creditedAt),
    c.derived(fields.reason, [v.state, v.reason], (state, reason) => why(state as ReloadState, reason)),
  ];
  return { rows, columns, separator: c.separator };
}

export const historyCsvStream = (db: Db, companyId: string, filter: ReloadRunFilter, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, historyCsv(companyId, filter, format));
