import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { formatFileSize } from '../../domain/format';
import { fileTooLargeMessage } from '../../domain/messages';
import { looksLikeText } from '../../domain/csvRead';
import { cleanFileName, withoutRefusedCharacters } from '../../domain/text';
import { ApiError } from './errors';
import { findRefusedText, textRefused } from './nul';

export const tooLarge = () => new ApiError(413, 'FILE_TOO_LARGE', `The file is larger than ${formatFileSize(MAX_UPLOAD_BYTES, 'en')}`, { file: fileTooLargeMessage(MAX_UPLOAD_BYTES) });
export const typeNotAllowed = (detail: string) => new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', detail, { file: 'validation.fileType' });
export const unreadable = (detail: string) => new ApiError(400, 'FILE_UNREADABLE', detail, { file: 'validation.fileUnreadable' });

export interface Upload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * Reads the one file of a multipart request into memory, at most 5 MB (SPEC §9). The plugin
 * stops reading at the limit, so a larger upload costs no more than the limit.
 */
export async function readSingleFile(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw unreadable('Send the file as multipart/form-data');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (!part) throw unreadable('No file in the request');
  // the file's name and the form's fields are held to the text rule (domain/text.ts) here: the
  // server-wide guard (plugins/input-guard.ts) never sees them
  const named = cleanFileName(part.filename);
  if ('message' in named) throw textRefused('file', named.message);
  for (const field of Object.values(part.fields ?? {}).flat()) {
    const value = field && 'value' in field ? field.value : undefined;
    if (!field) continue;
    const refused = findRefusedText(field.fieldname) ?? (typeof value === 'string' ? findRefusedText(value) : null);
    if (refused) throw textRefused(withoutRefusedCharacters(field.fieldname) || 'file', refused.message);
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (part.file.truncated) throw tooLarge();
  return { filename: named.name, mimetype: part.mimetype.toLowerCase(), data };
}

function mapMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (typeof code === 'string' && code.startsWith('FST_')) return unreadable('The multipart body could not be read');
  return error;
}

/** What the file's own first bytes say it is (never trust the declared type alone). */
export function sniffImage(data: Buffer): 'image/jpeg' | 'image/png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((b, i) => data[i] === b)) return 'image/png';
  return null;
}

/**
 * The width and height a PNG or JPEG states in its header, read without decoding it: the PNG's
 * IHDR (bytes 16–23, big-endian) or the JPEG's first SOFn frame header (the segments walked from
 * offset 2). Null when the header cannot be read (truncated, no IHDR, no frame before the scan).
 */
export function imageSize(data: Buffer): { width: number; height: number } | null {
  const type = sniffImage(data);
  if (type === 'image/png') {
    if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
    const width = data.readUInt32BE(16);
    const height = data.readUInt32BE(20);
    return width > 0 && height > 0 ? { width, height } : null;
  }
  if (type !== 'image/jpeg') return null;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    // fill bytes before a marker
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // markers without a length (TEMn, RSTn): none belongs before the frame header, but skip them
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // start of scan or end of image before any frame header: no size stated
    if (marker === 0xda || marker === 0xd9) return null;
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > data.length || length < 7) return null;
      const height = data.readUInt16BE(at + 5);
      const width = data.readUInt16BE(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

/**
 * The text of a CSV uploaded as JSON (`{type, name, content: base64}`, SPEC §3), at most
 * `maxBytes`: 415 when neither the declared type nor the name says CSV, or when the bytes are no
 * text (NULs, control characters: a spreadsheet, a PDF or an image renamed .csv); 413 past the
 * size (checked on the base64 before decoding it); 400 when the content is not base64 or not UTF-8.
 */
export function decodeCsvFile(file: { type: string; name: string; content: string }, maxBytes: number): string {
  const csvLike = /^(text\/(csv|plain)|application\/(vnd\.ms-excel|csv|octet-stream))?$/i.test(file.type.trim()) || /\.csv$/i.test(file.name);
  if (!csvLike) throw typeNotAllowed('The file must be a CSV');
  const base64 = file.content.replace(/^data:[^,]*;base64,/, '').replace(/\s/g, '');
  if (base64.length > Math.ceil((maxBytes * 4) / 3) + 4) throw tooLarge();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw unreadable('The file content is not base64');
  const data = Buffer.from(base64, 'base64');
  if (data.length > maxBytes) throw tooLarge();
  // the bytes as Latin-1 keep every control byte visible to the check, whatever the encoding
  if (!looksLikeText(data.toString('latin1'))) throw typeNotAllowed('The file is not a CSV text file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw unreadable('The file is not UTF-8 text');
  }
}
