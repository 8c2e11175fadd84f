import type { CsvFormat } from '../../../domain/csv';
import { movementKindOf, type WalletMovementFilter, type WalletMovementKind, type WalletMovementReason, type WalletMovementType } from '../../../domain/reloadables';
import { RELOADABLES_CSV_TEXTS } from '../../../domain/reloadablesCsv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { movementExportRows } from './wallet.repository';

/**
 * A wallet's movements as CSV (lib/csv-export.ts), newest first as the wallet page lists them,
 * worded as it words them (locales/<lang>/reloadables.json): a movement's type as the domain
 * tells it (movementKindOf: a transfer reads as a transfer), its reason, amounts, the
 * counterpart, card, run, note and user.
 */
export function movementsCsv(companyId: string, filter: WalletMovementFilter, format: CsvFormat): CsvFile {
  const { movements, movementType, movementReason, movementFilters } = RELOADABLES_CSV_TEXTS[format.language].reloadables;
  const f = movements.fields;
  const c = csvColumns(format);
  const typeWords: Readonly<Record<WalletMovementKind, string>> = movementType;
  const rows = movementExportRows(companyId, filter);
  const v = rows.values;
  const columns = [
    c.dateTime(f.createdAt, v.createdAt),
    c.derived(f.type, [v.type, v.reason], (type, reason) => typeWords[movementKindOf({ type: type as WalletMovementType, reason: reason as WalletMovementReason })]),
    c.words(movementFilters.reason, v.reason, movementReason),
    c.money(f.amount, v.amountCents),
    c.money(f.balanceAfter, v.balanceAfterCents),
    c.text(f.counterpart, v.counterpartName),
    c.text(f.card, v.cardNumber),
    c.text(movements.run, v.runNumber),
    c.text(f.note, v.note),
    c.text(f.user, v.userName),
  ];
  return { rows, columns, separator: c.separator };
}

export const movementsCsvStream = (db: Db, companyId: string, filter: WalletMovementFilter, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, movementsCsv(companyId, filter, format));
