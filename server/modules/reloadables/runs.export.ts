import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSV_BOM, CSV_SEPARATOR, csvLine, localDateTimeFormatter, type CsvFormat } from '../../../domain/csv';
import { csvAmount } from '../../../domain/format';
import type { ReloadRunFilter } from '../../../domain/reloadables';
import type { Db } from '../../db/client';
import { historyExportRows } from './runs.repository';

/**
 * The reload history as CSV: one line per row of the filtered completed runs (run number, dates
 * in the asker's zone, card, customer, amount, state, reason), in the user's language: `;` and a
 * decimal comma in Italian, `,` and a point in English; BOM; formula-safe cells.
 */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');
const errorTexts = new Map<string, Record<string, string>>();
function reasonTexts(language: CsvFormat['language']): Record<string, string> {
  let found = errorTexts.get(language);
  if (!found) {
    found = (JSON.parse(readFileSync(path.join(LOCALES, language, 'translation.json'), 'utf8')) as { errors: { codes: Record<string, string> } }).errors.codes;
    errorTexts.set(language, found);
  }
  return found;
}

/** The export stops here; a larger history is filtered by date first. */
export const HISTORY_EXPORT_MAX_ROWS = 100_000;

export async function historyCsv(db: Db, companyId: string, filter: ReloadRunFilter, format: CsvFormat): Promise<string> {
  const it = format.language === 'it';
  const separator = CSV_SEPARATOR[format.language];
  const time = localDateTimeFormatter(format.timeZone, it ? 'DD/MM/YYYY HH:mm:ss' : 'YYYY-MM-DD HH:mm:ss');
  const money = (cents: number) => csvAmount(cents, format.language);
  const reasons = reasonTexts(format.language);
  const removed = it ? 'Eliminata dalla coda' : 'Removed from the queue';
  const headers = it
    ? ['Ricarica', 'Creata il', 'Pianificata per', 'Completata il', 'Riga', 'Numero carta', 'Cliente', 'Importo', 'Stato', 'Accreditata il', 'Motivo']
    : ['Reload', 'Created at', 'Scheduled for', 'Completed at', 'Row', 'Card number', 'Customer', 'Amount', 'State', 'Credited at', 'Reason'];
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  const rows = await historyExportRows(db, companyId, filter, HISTORY_EXPORT_MAX_ROWS);
  const out: string[] = [CSV_BOM + csvLine(headers, separator)];
  for (const r of rows) {
    const reason = r.state === 'DELETED' ? (r.reason ? (reasons[r.reason] ?? r.reason) : removed) : '';
    out.push(
      csvLine(
        [r.run_number, time(iso(r.created_at)), time(iso(r.scheduled_at)), time(iso(r.completed_at)), r.position, r.card_number, r.customer, money(Number(r.amount_cents)), r.state, time(iso(r.credited_at)), reason],
        separator,
      ),
    );
  }
  return out.join('');
}
