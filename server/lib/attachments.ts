import { cleanFileName } from '../../domain/text';
import { looksLikeText } from '../../domain/csvRead';
import { TICKET_ATTACHMENT_RULES, TICKET_LIMITS, ticketFileExtension, ticketFileRefusal, type TicketAttachmentExtension, type TicketFile } from '../../domain/tickets';
import { ApiError } from './errors';
import { tooLarge, typeNotAllowed, unreadable } from './uploads';

/**
 * A ticket's file (SPEC §5: JPG, PNG, PDF, TXT, RTF, CSV, XLS, XLSX, ≤ 5 MB) checked before
 * anything is written: the extension and declared type (`ticketFileRefusal`, the browser's own
 * check), then the bytes against the extension's `sniff`, so a file renamed to an allowed
 * extension (an executable as .csv, a PNG as .pdf) is refused. Host-neutral: no Node API beyond
 * Buffer, which the demo's browser host shims.
 */

type Sniff = (typeof TICKET_ATTACHMENT_RULES)[TicketAttachmentExtension]['sniff'];

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = ascii('%PDF-');
const RTF = ascii('{\\rtf');
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_CENTRAL = [0x50, 0x4b, 0x01, 0x02];
const XL = ascii('xl/');

/** A zip whose entries (local or central headers) include one under `xl/`: a workbook, not any zip. */
function isWorkbook(data: Uint8Array): boolean {
  if (!startsWith(data, ZIP_LOCAL)) return false;
  for (let at = 0; at + 46 <= data.length; at += 1) {
    if (data[at] !== 0x50 || data[at + 1] !== 0x4b) continue;
    // the name's length and where it starts differ between a local (30) and a central (46) header
    let nameAt = -1;
    let nameLength = 0;
    if (startsWith(data, ZIP_LOCAL, at)) {
      nameLength = data[at + 26] | (data[at + 27] << 8);
      nameAt = at + 30;
    } else if (startsWith(data, ZIP_CENTRAL, at)) {
      nameLength = data[at + 28] | (data[at + 29] << 8);
      nameAt = at + 46;
    }
    if (nameAt >= 0 && nameLength >= XL.length && startsWith(data, XL, nameAt)) return true;
  }
  return false;
}

/**
 * Whether the bytes are what the extension's rule says: every signature stands at offset 0 (a
 * workbook is a zip at offset 0 with an entry under `xl/`; text has no signature, only no control
 * bytes). Only the start is read: a PNG with an HTML page appended after its end is accepted, and
 * that is harmless, because attachments are only ever downloaded as application/octet-stream with
 * `Content-Disposition: attachment` and nosniff (tickets.routes.ts), so no browser renders the appended page.
 */
export function bytesMatch(sniff: Sniff, data: Uint8Array): boolean {
  switch (sniff) {
    case 'jpeg':
      return startsWith(data, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(data, PNG);
    case 'pdf':
      // at offset 0, not "somewhere in the first KB" as readers tolerate: an HTML page holding
      // `%PDF-` in a comment would otherwise pass as a PDF (issue 38)
      return startsWith(data, PDF);
    case 'rtf':
      return startsWith(data, RTF);
    case 'ole2':
      return startsWith(data, OLE2);
    case 'xlsx':
      return isWorkbook(data);
    case 'text':
      // UTF-8 or Latin-1 alike: read as Latin-1 every byte is one character, so a control byte (a
      // binary renamed .txt or .csv: NULs, an executable's header) shows whatever the encoding
      return data.length > 0 && looksLikeText(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'));
  }
}

export interface CheckedFile {
  name: string;
  extension: TicketAttachmentExtension;
  /** the canonical type of the extension (what the API answers; downloads are octet-stream anyway) */
  type: string;
  bytes: Uint8Array;
}

/** An upload error keyed to where the file was in the body (`answers.screenshot`, `attachments.1`). */
function keyed(error: ApiError, key: string): ApiError {
  const message = Object.values(error.fieldErrors ?? {})[0] ?? 'validation.invalid';
  return new ApiError(error.statusCode, error.code, error.detail, { [key]: message });
}

/**
 * One file of a request, `key` naming where it was (its field errors' key): 415
 * FILE_TYPE_NOT_ALLOWED for an extension or declared type outside the rules or bytes that are not
 * the extension's, 413 FILE_TOO_LARGE past `TICKET_LIMITS.fileBytes`, 400 FILE_UNREADABLE when the
 * content is not base64.
 */
export function checkTicketFile(file: TicketFile, key: string): CheckedFile {
  // the one file-name rule (domain/text.ts): its characters refused, path and `..` dropped, its length cut
  const named = cleanFileName(file.name);
  if ('message' in named) throw new ApiError(400, 'VALIDATION_ERROR', 'The file name holds a character that is not allowed', { [key]: named.message });
  const name = named.name;
  const base64 = file.content.replace(/^data:[^,]*;base64,/, '').replace(/\s/g, '');
  // the size as base64 tells before decoding: a huge body is never decoded to be refused
  const estimated = Math.floor((base64.length * 3) / 4);
  const refusal = ticketFileRefusal({ name, type: file.type, size: Math.min(estimated, TICKET_LIMITS.fileBytes) });
  if (refusal) throw keyed(typeNotAllowed(`${name}: only ${Object.keys(TICKET_ATTACHMENT_RULES).join(', ')} files are accepted`), key);
  if (estimated > TICKET_LIMITS.fileBytes + 2) throw keyed(tooLarge(), key);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw keyed(unreadable(`${name}: the content is not base64`), key);
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.byteLength > TICKET_LIMITS.fileBytes) throw keyed(tooLarge(), key);
  const extension = ticketFileExtension(name) as TicketAttachmentExtension;
  const rule = TICKET_ATTACHMENT_RULES[extension];
  if (!bytesMatch(rule.sniff, bytes)) throw keyed(typeNotAllowed(`${name}: the content is not a ${extension.toUpperCase()} file`), key);
  return { name, extension, type: rule.types[0], bytes };
}
