import { CSV_BOM, CSV_SEPARATOR, csvLine, localDateTimeFormatter, type CsvFormat } from '../../../domain/csv';
import type { PlannedReload, ReloadRun, WalletMovement } from '../../../domain/reloadables';
import { centsToDecimal } from '../../../domain/money';

/**
 * The programme's CSV files as the API writes them: UTF-8 with BOM, formula-safe cells, the
 * language's separator and decimal mark (`it`: ";" and comma, `en`: "," and point), times in the
 * asker's zone.
 */
const LABELS = {
  it: {
    movements: ['Data', 'Tipo', 'Causale', 'Importo', 'Saldo dopo', 'Controparte', 'Carta', 'Ricarica', 'Nota', 'Utente'],
    type: { WALLET_RELOAD: 'Ricarica plafond', CARD_RELOAD: 'Ricarica carta' },
    reason: { FUNDING: 'Accredito', TRANSFER_OUT: 'Trasferimento in uscita', TRANSFER_IN: 'Trasferimento in entrata', CARD_RELOAD: 'Ricarica carta' },
    history: ['Ricarica', 'Origine', 'File', 'Pianificata per', 'Eseguita il', 'Riga', 'Carta', 'Cliente', 'Importo', 'Saldo iniziale', 'Saldo attuale', 'Stato', 'Motivo', 'Utente'],
    dateTime: 'DD/MM/YYYY HH:mm:ss',
  },
  en: {
    movements: ['Date', 'Type', 'Reason', 'Amount', 'Balance after', 'Counterpart', 'Card', 'Reload', 'Note', 'User'],
    type: { WALLET_RELOAD: 'Wallet reload', CARD_RELOAD: 'Card reload' },
    reason: { FUNDING: 'Funding', TRANSFER_OUT: 'Transfer out', TRANSFER_IN: 'Transfer in', CARD_RELOAD: 'Card reload' },
    history: ['Reload', 'Source', 'File', 'Scheduled for', 'Run at', 'Row', 'Card', 'Customer', 'Amount', 'Initial balance', 'Current balance', 'State', 'Reason', 'User'],
    dateTime: 'YYYY-MM-DD HH:mm:ss',
  },
} as const;

function writer(format: CsvFormat) {
  const labels = LABELS[format.language];
  const separator = CSV_SEPARATOR[format.language];
  const money = (cents: number) => (format.language === 'it' ? centsToDecimal(cents).replace('.', ',') : centsToDecimal(cents));
  const time = localDateTimeFormatter(format.timeZone, labels.dateTime);
  const line = (cells: readonly unknown[]) => csvLine(cells, separator);
  return { labels, money, time, line };
}

const blob = (text: string) => new Blob([CSV_BOM + text], { type: 'text/csv;charset=utf-8' });

export function movementsCsv(movements: readonly WalletMovement[], format: CsvFormat, runNumber: (runId: string | null) => string | null): Blob {
  const { labels, money, time, line } = writer(format);
  const body = movements.map((m) =>
    line([time(m.createdAt), labels.type[m.type], labels.reason[m.reason], money(m.amountCents), money(m.balanceAfterCents), m.counterpartCompanyName, m.cardNumber, runNumber(m.runId), m.note, m.userName]),
  );
  return blob(line(labels.movements) + body.join(''));
}

export function historyCsv(runs: ReadonlyArray<{ run: ReloadRun; rows: readonly PlannedReload[] }>, format: CsvFormat): Blob {
  const { labels, money, time, line } = writer(format);
  const body = runs.flatMap(({ run, rows }) =>
    rows.map((r) =>
      line([run.number, run.source, run.fileName, time(run.scheduledAt), time(r.creditedAt ?? run.completedAt), r.position, r.cardNumber, r.customer, money(r.amountCents), money(r.initialAmountCents), money(r.currentAmountCents), r.state, r.reason, run.userName]),
    ),
  );
  return blob(line(labels.history) + body.join(''));
}
