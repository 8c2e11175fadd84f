import { eq } from 'drizzle-orm';
import type { Permissions } from '../../../domain/permissions';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { DEMO_PASSWORD } from '../../seed/demo';

/** Test data for the registry tests: companies by code and active users with chosen flags. */
export async function companyId(db: Db, code: string): Promise<string> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  if (!row) throw new Error(`no company ${code}`);
  return row.id;
}

export async function addCompany(db: Db, code: string, parentId: string): Promise<string> {
  const [row] = await db.insert(companies).values({ code, name: code, parentId }).returning({ id: companies.id });
  return row.id;
}

let hash: string | undefined;
export async function addActiveUser(db: Db, email: string, companyIdValue: string, permissions: Permissions, role = 'REFERENT'): Promise<string> {
  hash ??= await hashPassword(DEMO_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({ email, companyId: companyIdValue, firstName: 'Test', lastName: 'User', role, permissions, status: 'ACTIVE', passwordHash: hash })
    .returning({ id: users.id });
  return row.id;
}

/** A multipart/form-data body with one file part named "file". */
export function multipartFile(filename: string, contentType: string, data: Buffer) {
  const boundary = '----tessera-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The first bytes of a PNG of that size: signature and IHDR (the rest of the file is filler). */
export function pngOf(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64, 1)]);
}

/** The first bytes of a JPEG of that size: SOI, an APP0 segment, then the frame header (`sof`, SOF0 unless told). */
export function jpegOf(width: number, height: number, sof = 0xc0): Buffer {
  const app0 = Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(9, 1)]);
  const frame = Buffer.from([0xff, sof, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xda]), Buffer.alloc(64, 2)]);
}

export const PNG_BYTES = pngOf(200, 80);
export const JPEG_BYTES = jpegOf(200, 80);
