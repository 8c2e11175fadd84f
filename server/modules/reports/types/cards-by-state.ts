import type { z } from 'zod';
import type { CardStatus, CardStatusFilter } from '../../../../domain/giftcards';
import type { cardsByStateParameters } from '../../../../domain/reports';
import type { CsvFile } from '../../../lib/csv-export';
import { cardsCsv } from '../../giftcards/export';
import type { ReportFileInput } from './support';

/** A card state as the card list's status filter asks for it (an expired state includes usable cards past their date, as the list shows them). */
const STATUS_FILTER: Record<CardStatus, CardStatusFilter> = { ACTIVE: 'active', SOLD: 'sold', DISABLED: 'disabled', LOCKED: 'locked', EXPIRED: 'expired', NOT_ACTIVE: 'notSold' };

/** The card list's own export (giftcards/export.ts: its columns, words and progressive order) over the report's companies, of one state or all. */
export function cardsByStateCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof cardsByStateParameters>>): CsvFile {
  return cardsCsv(companyIds, parameters.status ? { status: STATUS_FILTER[parameters.status] } : {}, format);
}
