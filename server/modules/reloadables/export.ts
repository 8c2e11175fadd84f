import { sql, type SQL } from 'drizzle-orm';
import type { CsvFormat } from '../../../domain/csv';
import { movementKindOf, type WalletMovementFilter, type WalletMovementKind, type WalletMovementReason, type WalletMovementType } from '../../../domain/reloadables';
import { RELOADABLES_CSV_TEXTS } from '../../../domain/reloadablesCsv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { MOVEMENT_FROM, MOVEMENT_USER_NAME, movementKey, movementWhere } from './wallet.repository';

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
  const columns = [
    c.dateTime(f.createdAt, sql`m.created_at`),
    c.derived(f.type, [sql`m.type`, sql`m.reason`], (type, reason) => typeWords[movementKindOf({ type: type as WalletMovementType, reason: reason as WalletMovementReason })]),
    c.words(movementFilters.reason, sql`m.reason`, movementReason),
    c.money(f.amount, sql`m.amount_cents`),
    c.money(f.balanceAfter, sql`m.balance_after_cents`),
    c.text(f.counterpart, sql`cp.name`),
    c.text(f.card, sql`rc.number`),
    c.text(movements.run, sql`rr.number`),
    c.text(f.note, sql`m.note`),
    c.text(f.user, MOVEMENT_USER_NAME),
  ];
  const rows = {
    from: (condition: SQL) => sql`${MOVEMENT_FROM} WHERE ${movementWhere(companyId, filter)} AND ${condition}`,
    key: movementKey('DESC'),
  };
  return { rows, columns, separator: c.separator };
}

export const movementsCsvStream = (db: Db, companyId: string, filter: WalletMovementFilter, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, movementsCsv(companyId, filter, format));
