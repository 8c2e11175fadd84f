import { sql, type SQL } from 'drizzle-orm';
import type { CsvFormat } from '../../../domain/csv';
import type { ReloadRunFilter, ReloadState } from '../../../domain/reloadables';
import { notCreditedWhy, RELOADABLES_CSV_TEXTS } from '../../../domain/reloadablesCsv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import type { SortKey } from '../../lib/keyset';
import { ROW_CUSTOMER, runFilterSql } from './runs.repository';

/** The history's order: newest run first (its creation, then its number), a run's rows by position. */
const HISTORY_KEY: SortKey = {
  column: sql`r.created_at`,
  type: 'timestamptz',
  then: [
    { column: sql`r.number`, type: 'text', order: 'DESC' },
    { column: sql`w.position`, type: 'integer', order: 'ASC' },
  ],
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
