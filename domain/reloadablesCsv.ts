import enReloadables from '../locales/en/reloadables.json';
import enReloads from '../locales/en/reloads.json';
import enTranslation from '../locales/en/translation.json';
import itReloadables from '../locales/it/reloadables.json';
import itReloads from '../locales/it/reloads.json';
import itTranslation from '../locales/it/translation.json';
import { CSV_BOM, CSV_SEPARATOR, csvLine, csvDateTime, type CsvFormat } from './csv';
import type { ExportLanguage } from './giftcards';
import { csvAmount } from './format';
import { movementKindOf, type ReloadState, type WalletMovement } from './reloadables';

/**
 * The programme's two CSV files (a wallet's movements, the reload history) for the user who opens
 * them in a spreadsheet, written by the API (server/modules/reloadables/{export,runs.export}.ts)
 * and the demo alike: every header and every worded value is the screen's own text
 * (locales/<lang>/reloadables.json and reloads.json, the refusals' texts of translation.json), so a
 * file cannot word a movement type, a state or a column otherwise than the screen does; the
 * separator and decimal mark Excel expects for the language, times in the user's zone.
 */
const TEXTS = {
  it: { reloadables: itReloadables, reloads: itReloads, codes: itTranslation.errors.codes as Record<string, string>, invalid: itTranslation.validation.invalid },
  en: { reloadables: enReloadables, reloads: enReloads, codes: enTranslation.errors.codes as Record<string, string>, invalid: enTranslation.validation.invalid },
} satisfies Record<ExportLanguage, unknown>;

function writer({ language, timeZone }: CsvFormat) {
  const separator = CSV_SEPARATOR[language];
  return {
    texts: TEXTS[language],
    money: (cents: number) => csvAmount(cents, language),
    time: csvDateTime(timeZone),
    line: (cells: readonly unknown[]) => csvLine(cells, separator),
  };
}

/** The movements CSV: `header` (with the byte-order mark) then one `line` per movement, as the wallet page shows them. */
export function movementsCsv(format: CsvFormat): { header: string; line: (movement: WalletMovement) => string } {
  const { texts, money, time, line } = writer(format);
  const { movements, movementType, movementReason, movementFilters } = texts.reloadables;
  const f = movements.fields;
  return {
    header: CSV_BOM + line([f.createdAt, f.type, movementFilters.reason, f.amount, f.balanceAfter, f.counterpart, f.card, movements.run, f.note, f.user]),
    line: (m) =>
      line([
        time(m.createdAt),
        movementType[movementKindOf(m)],
        movementReason[m.reason],
        money(m.amountCents),
        money(m.balanceAfterCents),
        m.counterpartCompanyName,
        m.cardNumber,
        m.runNumber,
        m.note,
        m.userName,
      ]),
  };
}

/** One row of a completed run, as the history CSV lists it. */
export interface HistoryCsvRow {
  runNumber: string;
  createdAt: string;
  scheduledAt: string | null;
  completedAt: string | null;
  position: number;
  cardNumber: string;
  customer: string | null;
  amountCents: number;
  state: ReloadState;
  /** a refusal code at run time; null on a row deleted from the queue */
  reason: string | null;
  creditedAt: string | null;
}

/** The history CSV: one line per row of the completed runs, with the run page's columns; a row not credited says why, as the run page does. */
export function historyCsv(format: CsvFormat): { header: string; line: (row: HistoryCsvRow) => string } {
  const { texts, money, time, line } = writer(format);
  const { fields, states, run } = texts.reloads;
  const why = (row: HistoryCsvRow) => (row.state !== 'DELETED' ? '' : row.reason ? (texts.codes[row.reason] ?? texts.invalid) : run.deletedFromQueue);
  return {
    header: CSV_BOM + line([fields.number, fields.createdAt, fields.scheduledAt, fields.completedAt, fields.position, fields.cardNumber, fields.customer, fields.amount, fields.state, fields.creditedAt, fields.reason]),
    line: (row) =>
      line([
        row.runNumber,
        time(row.createdAt),
        time(row.scheduledAt),
        time(row.completedAt),
        row.position,
        row.cardNumber,
        row.customer,
        money(row.amountCents),
        states[row.state],
        time(row.creditedAt),
        why(row),
      ]),
  };
}
