import type { CsvFormat } from '../../../domain/csv';
import type { PlannedReload, ReloadRun, WalletMovement } from '../../../domain/reloadables';
import { historyCsv as historyCsvOf, movementsCsv as movementsCsvOf } from '../../../domain/reloadablesCsv';

/**
 * The programme's CSV files as the API writes them (server/modules/reloadables/{export,runs.export}.ts),
 * with the same writer (domain/reloadablesCsv.ts): UTF-8 with BOM, formula-safe cells, the screens'
 * words, the language's separator and decimal mark, times in the asker's zone.
 */
const blob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });

export function movementsCsv(movements: readonly WalletMovement[], format: CsvFormat): Blob {
  const csv = movementsCsvOf(format);
  return blob(csv.header + movements.map(csv.line).join(''));
}

/** One line per row of the completed runs; a DELETED row says why (its refusal's text, or removed from the queue). */
export function historyCsv(runs: ReadonlyArray<{ run: ReloadRun; rows: readonly PlannedReload[] }>, format: CsvFormat): Blob {
  const csv = historyCsvOf(format);
  const body = runs.flatMap(({ run, rows }) =>
    rows.map((r) =>
      csv.line({
        runNumber: run.number,
        createdAt: run.createdAt,
        scheduledAt: run.scheduledAt,
        completedAt: run.completedAt,
        position: r.position,
        cardNumber: r.cardNumber,
        customer: r.customer,
        amountCents: r.amountCents,
        state: r.state,
        reason: r.reason,
        creditedAt: r.creditedAt,
      }),
    ),
  );
  return blob(csv.header + body.join(''));
}
