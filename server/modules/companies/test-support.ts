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

export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
