import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addCompany, companyId, JPEG_BYTES, multipartFile, PNG_BYTES } from './test-support';

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
