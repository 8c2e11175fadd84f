import { sql, type SQL } from 'drizzle-orm';
import type { CsvFormat } from '../../../domain/csv';
import type { ReloadRunFilter, ReloadState } from '../../../domain/reloadables';
import { notCreditedWhy, RELOADABLES_CSV_TEXTS } from '../../../domain/reloadablesCsv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import type { SortKey } from '../../lib/keyset';
import { ROW_CUSTOMER, runFilterSql } from './runs.repository';

/**
 * The history's order as one key: newest run first (created_at, then the run's number), a run's
 * rows by position. A key has one column and one direction, so the three are one exact numeric,
 * walked DESC: the creation instant in microseconds (16 digits), then the number's digits as the
 * first 10 decimals, then the position counted down from the largest integer as the next 10
 * (so a lower position sorts first). Each part fits its digits (a run number below 10^10, a
 * position an integer), so the order is exactly (created_at DESC, number DESC, position ASC) as
 * long as run numbers keep their fixed width ('RL-' and 6 digits), and a row's value is unique
 * (w.id is only the key's formal tie-break).
 */
const HISTORY_KEY: SortKey = {
  column: sql`(floor(extract(epoch from r.created_at) * 1000000)
    + coalesce(substring(r.number from '[0-9]+$')::numeric, 0) * 0.0000000001
    + (2147483647 - w.position) * 0.00000000000000000001)`,
  type: 'numeric',
  id: sql`w.id`,
  order: 'DESC',
};

/**
 * The reload history as CSV (lib/csv-export.ts), streamed whole: one line per row of the
 * filtered completed runs (run number, dates in the asker's zone, card, customer, amount, state,
 * when credited, why not), worded as the run's page words them (locales/<lang>/reloads.json).
 */
export function historyCsv(companyId: string, filter: ReloadRunFilter, format: CsvFormat): CsvFile {
  const { fields, states } = RELOADABLES_CSV_TEXTS[format.language].reloads;
  const why = notCreditedWhy(format.language);
  const c = csvColumns(format);
  const columns = [
    c.text(fields.number, sql`r.number`),
    c.dateTime(fields.createdAt, sql`r.created_at`),
    c.dateTime(fields.scheduledAt, sql`r.scheduled_at`),
    c.dateTime(fields.completedAt, sql`r.completed_at`),
    c.count(fields.position, sql`w.position`),
    c.text(fields.cardNumber, sql`k.number`),
    c.text(fields.customer, ROW_CUSTOMER),
    c.money(fields.amount, sql`w.amount_cents`),
    c.words(fields.state, sql`w.state`, states),
    c.dateTime(fields.creditedAt, sql`w.credited_at`),
    c.derived(fields.reason, [sql`w.state`, sql`w.reason`], (state, reason) => why(state as ReloadState, reason)),
  ];
  const where = [sql`r.company_id = ${companyId}`, sql`r.state = 'COMPLETED'`, ...runFilterSql({ ...filter, state: undefined })];
  const rows = {
    from: (condition: SQL) =>
      sql`FROM reload_rows w JOIN reload_runs r ON r.id = w.run_id JOIN reloadable_cards k ON k.id = w.card_id LEFT JOIN reloadable_users u ON u.id = k.user_id
        WHERE ${sql.join(where, sql` AND `)} AND ${condition}`,
    key: HISTORY_KEY,
  };
  return { rows, columns, separator: c.separator };
}

export const historyCsvStream = (db: Db, companyId: string, filter: ReloadRunFilter, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, historyCsv(companyId, filter, format));
