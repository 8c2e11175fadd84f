import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { ApiError } from './errors';

export const tooLarge = () => new ApiError(413, 'FILE_TOO_LARGE', 'The file is larger than 5 MB', { file: 'validation.fileTooLarge' });
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
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (part.file.truncated) throw tooLarge();
  return { filename: part.filename, mimetype: part.mimetype.toLowerCase(), data };
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
