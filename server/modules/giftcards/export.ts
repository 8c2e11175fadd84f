import { Readable } from 'node:stream';
import { csvLine } from '../../../domain/csv';
import type { CardFilter, GiftCard } from '../../../domain/giftcards';
import { centsToDecimal } from '../../../domain/money';
import type { Db } from '../../db/client';
import { cardRecordBatches } from './cards.repository';

/** Stable English headers: the file is data for other programs, not a translated screen. */
const COLUMNS: ReadonlyArray<[string, (card: GiftCard) => unknown]> = [
  ['Code', (c) => c.code],
  ['Progressive', (c) => c.progressive],
  ['Lot number', (c) => c.lotNumber],
  ['Order reference', (c) => c.orderReference],
  ['Typology', (c) => c.typologyName],
  ['Company', (c) => c.companyName],
  ['Status', (c) => c.status],
  ['Balance', (c) => centsToDecimal(c.balanceCents)],
  ['Frozen', (c) => centsToDecimal(c.frozenCents)],
  ['Available balance', (c) => centsToDecimal(c.availableBalanceCents)],
  ['Activation date', (c) => c.activationDate],
  ['Expire date', (c) => c.expireDate],
  ['First use date', (c) => c.firstUseDate],
  ['Store', (c) => c.storeName],
  ['Created at', (c) => c.createdAt],
];

async function* lines(db: Db, companyIds: readonly string[], filter: CardFilter): AsyncGenerator<string> {
  yield csvLine(COLUMNS.map(([name]) => name));
  for await (const batch of cardRecordBatches(db, companyIds, filter)) {
    yield batch.map((card) => csvLine(COLUMNS.map(([, cell]) => cell(card)))).join('');
  }
}

/**
 * The filtered card list as CSV (`;`, CRLF, formula-safe cells), streamed: one keyset batch is
 * read only when the client has taken the previous one, so memory stays flat at any size.
 */
export function cardsCsvStream(db: Db, companyIds: readonly string[], filter: CardFilter): Readable {
  return Readable.from(lines(db, companyIds, filter), { objectMode: false, highWaterMark: 1 });
}
