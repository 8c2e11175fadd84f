import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { sql } from 'drizzle-orm';
import { MAX_LOGO_SIDE_PX } from '../../../domain/constants';
import { queryRows } from '../../db/client';
import { imageSize } from '../../lib/uploads';
import { addCompany, companyId, JPEG_BYTES, jpegOf, multipartFile, PNG_BYTES, pngOf } from '../../test/support/companies';

describe.each(DRIVERS)('company logo (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let provider: string;
  let target: string;
  const upload = (filename: string, type: string, data: Buffer, id = target) => {
    const body = multipartFile(filename, type, data);
    return t.app.inject({ method: 'POST', url: `/api/company/${provider}/companies/${id}/logo`, headers: { ...bearer(admin), ...body.headers }, payload: body.payload });
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    provider = await companyId(t.db.db, 'TESSERA');
    target = await companyId(t.db.db, 'ACME');
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
  });
  afterAll(() => t.close());

  it('stores a PNG or JPEG whose bytes match its declared type and serves it back', async () => {
    const res = await upload('logo.png', 'image/png', PNG_BYTES);
    expect(res.statusCode).toBe(200);
    expect(res.json().hasLogo).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: `/api/company/${provider}/companies/${target}/logo`, headers: bearer(admin) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);

    expect((await upload('logo.jpg', 'image/jpeg', JPEG_BYTES)).statusCode).toBe(200);
    const replaced = await t.app.inject({ method: 'GET', url: `/api/company/${provider}/companies/${target}/logo`, headers: bearer(admin) });
    expect(replaced.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a declared type that is not JPEG/PNG, and bytes that are not what the type says', async () => {
    for (const [name, type, data] of [
      ['logo.gif', 'image/gif', Buffer.from('GIF89a....')],
      ['logo.png', 'image/png', JPEG_BYTES],
      ['logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['logo.jpg', 'image/jpeg', PNG_BYTES],
    ] as const) {
      const res = await upload(name, type, data);
      expect(res.statusCode, `${name} ${type}`).toBe(415);
      expect(res.json().error.message).toBe('FILE_TYPE_NOT_ALLOWED');
    }
  });

  it(`refuses an image over ${MAX_LOGO_SIDE_PX} px on a side (400 validation.imageTooLarge, nothing stored); an unreadable header is FILE_UNREADABLE`, async () => {
    const other = await addCompany(t.db.db, 'LOGO-SIZE', provider);
    const stored = async () => (await queryRows(t.db.db, sql`SELECT 1 FROM company_logos WHERE company_id = ${other}`)).length;
    for (const [name, type, data] of [
      ['wide.png', 'image/png', pngOf(5000, 10)],
      ['tall.png', 'image/png', pngOf(10, 50_000)],
      ['wide.jpg', 'image/jpeg', jpegOf(5000, 10)],
      ['progressive.jpg', 'image/jpeg', jpegOf(10, 4097, 0xc2)],
    ] as const) {
      const res = await upload(name, type, data, other);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe('VALIDATION_ERROR');
      expect(res.json().errors).toEqual({ file: `validation.imageTooLarge?max=${MAX_LOGO_SIDE_PX}` });
    }
    expect(await stored()).toBe(0);
    for (const [name, type, data] of [
      ['nosize.png', 'image/png', Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.alloc(64, 1)])],
      ['short.png', 'image/png', PNG_BYTES.subarray(0, 20)],
      ['noframe.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3])],
    ] as const) {
      const res = await upload(name, type, data, other);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe('FILE_UNREADABLE');
    }
    expect(await stored()).toBe(0);
    // the limit itself is taken
    expect((await upload('edge.png', 'image/png', pngOf(MAX_LOGO_SIDE_PX, MAX_LOGO_SIDE_PX), other)).statusCode).toBe(200);
    expect((await upload('edge.jpg', 'image/jpeg', jpegOf(MAX_LOGO_SIDE_PX, 300), other)).statusCode).toBe(200);
    expect(await stored()).toBe(1);
  });

  it('reads the size from the PNG IHDR and the JPEG frame header (any SOFn, not DHT/JPG/DAC)', () => {
    expect(imageSize(pngOf(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpegOf(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpegOf(5000, 7, 0xcf))).toEqual({ width: 5000, height: 7 });
    // a DHT (C4) segment before the frame is skipped, not read as one
    const dht = Buffer.from([0xff, 0xc4, 0x00, 0x07, 0x10, 0x00, 0x00, 0x00, 0x00]);
    const jpeg = jpegOf(320, 200);
    expect(imageSize(Buffer.concat([jpeg.subarray(0, 2), dht, jpeg.subarray(2)]))).toEqual({ width: 320, height: 200 });
    expect(imageSize(Buffer.from('GIF89a....'))).toBeNull();
    expect(imageSize(jpeg.subarray(0, 24))).toBeNull();
  });

  it('refuses more than 5 MB with 413 FILE_TOO_LARGE; a body without a file is FILE_UNREADABLE', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('FILE_TOO_LARGE');
    const json = await t.app.inject({ method: 'POST', url: `/api/company/${provider}/companies/${target}/logo`, headers: bearer(admin), payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe('FILE_UNREADABLE');
  });

  it("another tree's company is 404 for the logo too", async () => {
    const acmeNord = await companyId(t.db.db, 'ACME-NORD');
    const other = await addCompany(t.db.db, 'OTHER-LOGO', provider);
    const acmeAdmin = (await login(t.app, 'operator@acme.test')).accessToken;
    // operator@acme.test lacks privative.companies: 403 before anything else
    const forbidden = await t.app.inject({ method: 'GET', url: `/api/company/${acmeNord}/companies/${acmeNord}/logo`, headers: bearer(acmeAdmin) });
    expect(forbidden.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: `/api/company/${provider}/companies/${other}/logo`, headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
    const outside = await t.app.inject({ method: 'GET', url: `/api/company/${acmeNord}/companies/${other}/logo`, headers: bearer(admin) });
    expect(outside.statusCode).toBe(404);
  });
});
