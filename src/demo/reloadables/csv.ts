import { CSV_BOM, CSV_SEPARATOR, csvLine, localDateTimeFormatter, type CsvFormat } from '../../../domain/csv';
import type { PlannedReload, ReloadRun, WalletMovement } from '../../../domain/reloadables';
import { csvAmount } from '../../../domain/format';
import enTexts from '../../../locales/en/translation.json';
import itTexts from '../../../locales/it/translation.json';

/**
 * The programme's CSV files as the API writes them (server/modules/reloadables/{export,runs.export}.ts): UTF-8 with BOM, formula-safe cells, the
 * language's separator and decimal mark (`it`: ";" and comma, `en`: "," and point), times in the
 * asker's zone.
 */
const LABELS = {
  it: {
    movements: ['Data', 'Tipo ricarica', 'Causale', 'Importo', 'Saldo', 'Controparte', 'Carta', 'Nota', 'Utente'],
    type: { WALLET_RELOAD: 'Ricarica plafond', CARD_RELOAD: 'Ricarica carta' },
    reason: { FUNDING: 'Accredito', TRANSFER_OUT: 'Trasferimento in uscita', TRANSFER_IN: 'Trasferimento in entrata', CARD_RELOAD: 'Ricarica carta' },
    history: ['Ricarica', 'Creata il', 'Pianificata per', 'Completata il', 'Riga', 'Numero carta', 'Cliente', 'Importo', 'Stato', 'Accreditata il', 'Motivo'],
    removed: 'Eliminata dalla coda',
    dateTime: 'DD/MM/YYYY HH:mm:ss',
  },
  en: {
    movements: ['Date', 'Reload type', 'Reason', 'Amount', 'Balance', 'Counterpart', 'Card', 'Note', 'User'],
    type: { WALLET_RELOAD: 'Wallet reload', CARD_RELOAD: 'Card reload' },
    reason: { FUNDING: 'Funding', TRANSFER_OUT: 'Transfer out', TRANSFER_IN: 'Transfer in', CARD_RELOAD: 'Card reload' },
    history: ['Reload', 'Created at', 'Scheduled for', 'Completed at', 'Row', 'Card number', 'Customer', 'Amount', 'State', 'Credited at', 'Reason'],
    removed: 'Removed from the queue',
    dateTime: 'YYYY-MM-DD HH:mm:ss',
  },
} as const;

function writer(format: CsvFormat) {
  const labels = LABELS[format.language];
  const separator = CSV_SEPARATOR[format.language];
  const money = (cents: number) => csvAmount(cents, format.language);
  const time = localDateTimeFormatter(format.timeZone, labels.dateTime);
  const line = (cells: readonly unknown[]) => csvLine(cells, separator);
  return { labels, money, time, line };
}

const blob = (text: string) => new Blob([CSV_BOM + text], { type: 'text/csv;charset=utf-8' });

export function movementsCsv(movements: readonly WalletMovement[], format: CsvFormat): Blob {
  const { labels, money, time, line } = writer(format);
  const body = movements.map((m) => line([time(m.createdAt), labels.type[m.type], labels.reason[m.reason], money(m.amountCents), money(m.balanceAfterCents), m.counterpartCompanyName, m.cardNumber, m.note, m.userName]));
  return blob(line(labels.movements) + body.join(''));
}

/** One line per row of the completed runs; a DELETED row says why (its refusal's text, or removed from the queue). */
export function historyCsv(runs: ReadonlyArray<{ run: ReloadRun; rows: readonly PlannedReload[] }>, format: CsvFormat): Blob {
  const { labels, money, time, line } = writer(format);
  const reasons: Record<string, string> = (format.language === 'it' ? itTexts : enTexts).errors.codes;
  const body = runs.flatMap(({ run, rows }) =>
    rows.map((r) => {
      const reason = r.state === 'DELETED' ? (r.reason ? (reasons[r.reason] ?? r.reason) : labels.removed) : '';
      return line([run.number, time(run.createdAt), time(run.scheduledAt), time(run.completedAt), r.position, r.cardNumber, r.customer, money(r.amountCents), r.state, time(r.creditedAt), reason]);
    }),
  );
  return blob(line(labels.history) + body.join(''));
}
