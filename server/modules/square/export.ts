import { sql, type SQL } from 'drizzle-orm';
import type { CsvFormat } from '../../../domain/csv';
import type { ExportLanguage } from '../../../domain/giftcards';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { textsIn } from '../../lib/texts';

/**
 * An order's reconciliation CSV on the one CSV writer (lib/csv-export.ts): every code with its
 * recipient, its state and its e-mail's last delivery result, in the recipients' file order.
 * Every text cell (names, the mail server's answer) is formula-safe. The headers and the e-mail
 * states are the file's own; a code's state is the word the code screens show
 * (square.codeStatus, lib/texts.ts).
 */
const TEXTS: Record<ExportLanguage, { headers: string[]; mail: Record<string, string> }> = {
  it: {
    headers: ['Codice', 'E-mail', 'Nome', 'Cognome', 'Importo', 'Valore residuo', 'Stato', 'Data di attivazione', 'Data di scadenza', 'Stato invio', 'Numero invio', 'Inviata il', 'Ultima risposta del server di posta'],
    mail: { QUEUED: 'In coda', SENDING: 'In invio', RETRY_WAITING: 'In attesa di nuovo tentativo', SENT: 'Inviato', FAILED: 'Non riuscito' },
  },
  en: {
    headers: ['Code', 'E-mail', 'First name', 'Last name', 'Amount', 'Remaining value', 'Status', 'Activation date', 'Expiry date', 'Delivery status', 'Retry number', 'Sent', 'Last mail server answer'],
    mail: { QUEUED: 'Queued', SENDING: 'Sending', RETRY_WAITING: 'Waiting to retry', SENT: 'Sent', FAILED: 'Failed' },
  },
  es: {
    headers: ['Código', 'Correo electrónico', 'Nombre', 'Apellidos', 'Importe', 'Valor restante', 'Estado', 'Fecha de activación', 'Fecha de caducidad', 'Estado del envío', 'Número de envío', 'Enviado el', 'Última respuesta del servidor de correo'],
    mail: { QUEUED: 'En cola', SENDING: 'Enviando', RETRY_WAITING: 'En espera de nuevo intento', SENT: 'Enviado', FAILED: 'Fallido' },
  },
  fr: {
    headers: ['Code', 'E-mail', 'Prénom', 'Nom', 'Montant', 'Valeur restante', 'Statut', "Date d'activation", "Date d'expiration", "Statut de l'envoi", "Numéro d'envoi", 'Envoyée le', 'Dernière réponse du serveur de messagerie'],
    mail: { QUEUED: "En file d'attente", SENDING: 'Envoi en cours', RETRY_WAITING: 'En attente de nouvel essai', SENT: 'Envoyé', FAILED: 'Échec' },
  },
  de: {
    headers: ['Code', 'E-Mail', 'Vorname', 'Nachname', 'Betrag', 'Restwert', 'Status', 'Aktivierungsdatum', 'Ablaufdatum', 'Versandstatus', 'Versandnummer', 'Gesendet am', 'Letzte Antwort des Mailservers'],
    mail: { QUEUED: 'In Warteschlange', SENDING: 'Wird gesendet', RETRY_WAITING: 'Wartet auf neuen Versuch', SENT: 'Gesendet', FAILED: 'Fehlgeschlagen' },
  },
};

export function reconciliationCsv(orderId: string, format: CsvFormat): CsvFile {
  const t = TEXTS[format.language];
  const c = csvColumns(format);
  const h = t.headers;
  const columns = [
    c.text(h[0], sql`k.code`),
    c.text(h[1], sql`k.email`),
    c.text(h[2], sql`k.first_name`),
    c.text(h[3], sql`k.last_name`),
    c.money(h[4], sql`k.amount_cents`),
    c.money(h[5], sql`k.value_cents`),
    c.words(h[6], sql`k.status`, textsIn(format.language).square.codeStatus),
    c.dateTime(h[7], sql`k.activation_date`),
    c.dateTime(h[8], sql`k.expire_date`),
    c.words(h[9], sql`m.status`, t.mail),
    c.count(h[10], sql`m.retry_number`),
    c.dateTime(h[11], sql`m.sent_at`),
    c.text(h[12], sql`m.last_smtp_answer`),
  ];
  const rows = {
    from: (condition: SQL) =>
      sql`FROM square_codes k JOIN square_order_recipients r ON r.id = k.recipient_id LEFT JOIN square_communications m ON m.code_id = k.id
          WHERE k.order_id = ${orderId} AND ${condition}`,
    key: { column: sql`r.line`, type: 'integer' as const, id: sql`k.id`, order: 'ASC' as const },
  };
  return { rows, columns, separator: c.separator };
}

export const reconciliationCsvStream = (db: Db, orderId: string, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, reconciliationCsv(orderId, format));
