import type { CsvFormat } from '../../../domain/csv';
import type { ReloadRunFilter } from '../../../domain/reloadables';
import { historyCsv as historyCsvOf } from '../../../domain/reloadablesCsv';
import type { Db } from '../../db/client';
import { historyExportRows } from './runs.repository';

/**
 * The reload history as CSV: one line per row of the filtered completed runs (run number, dates
 * in the asker's zone, card, customer, amount, state, reason), worded as the run's page words
 * them (domain/reloadablesCsv.ts): `;` and a decimal comma in Italian, `,` and a point in
 * English; BOM; formula-safe cells.
 */

/** The export stops here; a larger history is filtered by date first. */
export const HISTORY_EXPORT_MAX_ROWS = 100_000;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function historyCsv(db: Db, companyId: string, filter: ReloadRunFilter, format: CsvFormat): Promise<string> {
  const csv = historyCsvOf(format);
  const rows = await historyExportRows(db, companyId, filter, HISTORY_EXPORT_MAX_ROWS);
  const out: string[] = [csv.header];
  for (const r of rows) {
    out.push(
      csv.line({
        runNumber: r.run_number,
        createdAt: iso(r.created_at)!,
        scheduledAt: iso(r.scheduled_at),
        completedAt: iso(r.completed_at),
        position: r.position,
        cardNumber: r.card_number,
        customer: r.customer,
        amountCents: Number(r.amount_cents),
        state: r.state,
        reason: r.reason,
        creditedAt: iso(r.credited_at),
      }),
    );
  }
  return out.join('');
}
