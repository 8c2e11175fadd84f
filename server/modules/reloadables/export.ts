import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CSV_BOM, CSV_SEPARATOR, csvLine, localDateTimeFormatter, type CsvFormat } from '../../../domain/csv';
import { csvAmount } from '../../../domain/format';
import type { WalletMovement, WalletMovementFilter, WalletMovementReason, WalletMovementType } from '../../../domain/reloadables';
import type { Db } from '../../db/client';
import { movementBatches } from './wallet.repository';

/**
 * A wallet's movements as CSV, in the user's language like every export (domain/csv.ts): BOM,
 * formula-safe cells, `;` and a decimal comma in Italian, `,` and a point in English, date-times
 * in the user's zone. Streamed in keyset batches: flat memory at any size.
 */
const TEXTS = {
  it: {
    headers: ['Data', 'Tipo ricarica', 'Causale', 'Importo', 'Saldo', 'Controparte', 'Carta', 'Nota', 'Utente'],
    type: { WALLET_RELOAD: 'Ricarica plafond', CARD_RELOAD: 'Ricarica carta' },
    reason: { FUNDING: 'Accredito', TRANSFER_OUT: 'Trasferimento in uscita', TRANSFER_IN: 'Trasferimento in entrata', CARD_RELOAD: 'Ricarica carta' },
    time: 'DD/MM/YYYY HH:mm:ss',
  },
  en: {
    headers: ['Date', 'Reload type', 'Reason', 'Amount', 'Balance', 'Counterpart', 'Card', 'Note', 'User'],
    type: { WALLET_RELOAD: 'Wallet reload', CARD_RELOAD: 'Card reload' },
    reason: { FUNDING: 'Funding', TRANSFER_OUT: 'Transfer out', TRANSFER_IN: 'Transfer in', CARD_RELOAD: 'Card reload' },
    time: 'YYYY-MM-DD HH:mm:ss',
  },
} satisfies Record<CsvFormat['language'], { headers: string[]; type: Record<WalletMovementType, string>; reason: Record<WalletMovementReason, string>; time: string }>;

export function movementsCsvStream(db: Db, companyId: string, filter: WalletMovementFilter, format: CsvFormat): Readable {
  const t = TEXTS[format.language];
  const separator = CSV_SEPARATOR[format.language];
  const money = (cents: number) => csvAmount(cents, format.language);
  const time = localDateTimeFormatter(format.timeZone, t.time);
  const line = (m: WalletMovement) =>
    csvLine(
      [time(m.createdAt), t.type[m.type], t.reason[m.reason], money(m.amountCents), money(m.balanceAfterCents), m.counterpartCompanyName ?? '', m.cardNumber ?? '', m.note ?? '', m.userName ?? ''],
      separator,
    );
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(t.headers, separator);
    for await (const batch of movementBatches(db, companyId, filter)) {
      yield batch.map(line).join('');
      await nextTurn();
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}
