import type { CsvFormat } from '../../../domain/csv';
import type { WalletMovementFilter } from '../../../domain/reloadables';
import { movementsCsv } from '../../../domain/reloadablesCsv';
import type { Db } from '../../db/client';
import { nextTurn, streamOf } from '../../lib/streams';
import { movementBatches } from './wallet.repository';

/**
 * A wallet's movements as CSV, in the user's language like every export, worded as the wallet
 * page words them (domain/reloadablesCsv.ts): BOM, formula-safe cells, `;` and a decimal comma in
 * Italian, `,` and a point in English, date-times in the user's zone. Streamed in keyset batches:
 * flat memory at any size.
 */
export function movementsCsvStream(db: Db, companyId: string, filter: WalletMovementFilter, format: CsvFormat): ReadableStream<Uint8Array> {
  const csv = movementsCsv(format);
  async function* lines(): AsyncGenerator<string> {
    yield csv.header;
    for await (const batch of movementBatches(db, companyId, filter)) {
      yield batch.map(csv.line).join('');
      await nextTurn();
    }
  }
  return streamOf(lines());
}
