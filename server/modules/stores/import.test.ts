import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_IMPORT_LIMITS, STORE_IMPORT_TEMPLATE } from '../../../domain/schemas/stores-api';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { companyId, multipartFile, PNG_BYTES } from '../../test/support/companies';

describe.each(DRIVERS)('store CSV import (%s)', (driver) => {
  let t: TestApp;
  let acme: string;
  let token: string;
  const importFile = (data: Buffer | string, type = 'text/csv', name = 'stores.csv') => {
    const body = multipartFile(name, type, Buffer.isBuffer(data) ? data : Buffer.from(data));
    return t.app.inject({ method: 'POST', url: `/api/company/${acme}/stores/import`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };
  const codes = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/company/${acme}/stores?range=[0,99]`, headers: bearer(token) });
    return res.json().map((s: { code: string; defaultActivationStore: boolean }) => `${s.code}${s.defaultActivationStore ? '*' : ''}`);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    acme = await companyId(t.db.db, 'ACME');
    token = (await login(t.app, 'operator@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it('serves a template that imports as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/company/${acme}/stores/import-template`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('stores-template.csv');
    expect(res.body).toBe(STORE_IMPORT_TEMPLATE);
    const imported = await importFile(res.body);
    expect(imported.json()).toEqual({ created: 2, failed: [], failedCount: 0 });
    expect(await codes()).toEqual(['NEG-001*', 'NEG-002']);
  });

  it('saves the good lines and reports each bad one with its line, code and message', async () => {
    const csv = [
      'code,name,storeCategoryId,defaultActivationStore',
      'S-10,Store Ten,RETAIL,',
      'S-11,Bad*Name,RETAIL,',
      'NEG-001,Again,RETAIL,',
      'S-10,Twice,RETAIL,',
      'S-12,"Store, Twelve",OUTLET,yes',
      'S-13,Store 13,R,',
      'S-14,Store 14,RETAIL,maybe',
      `${'L'.repeat(41)},Too long a code,RETAIL,`,
    ].join('\r\n');
    const res = await importFile(`\uFEFF${csv}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 2,
      failed: [
        { row: 3, storeCode: 'S-11', code: 'VALIDATION_ERROR', field: 'name', message: 'validation.storeText?min=2&max=40' },
        { row: 4, storeCode: 'NEG-001', code: 'DUPLICATE_CODE', field: 'code', message: 'errors.codes.DUPLICATE_CODE' },
        { row: 5, storeCode: 'S-10', code: 'DUPLICATE_CODE', field: 'code', message: 'errors.codes.DUPLICATE_CODE' },
        { row: 7, storeCode: 'S-13', code: 'VALIDATION_ERROR', field: 'storeCategoryId', message: 'validation.lengthRange?min=2&max=40' },
        { row: 8, storeCode: 'S-14', code: 'VALIDATION_ERROR', field: 'defaultActivationStore', message: 'validation.invalid' },
        { row: 9, storeCode: 'L'.repeat(41), code: 'VALIDATION_ERROR', field: 'code', message: 'validation.storeText?min=2&max=40' },
      ],
      failedCount: 6,
    });
    // S-12 took over as the default activation store
    expect(await codes()).toEqual(['NEG-001', 'NEG-002', 'S-10', 'S-12*']);
  });

  it('a file of bad lines answers at once with its first failures and their number; past the row cap, refused whole (flat memory)', async () => {
    const header = 'code,name,storeCategoryId,defaultActivationStore\n';
    const bad = header + 'x,*,y,\n'.repeat(STORE_IMPORT_LIMITS.maxRows);
    const capped = await importFile(bad);
    expect(capped.statusCode).toBe(200);
    expect(capped.json().failed).toHaveLength(STORE_IMPORT_LIMITS.maxReportedFailures);
    expect(capped.json()).toMatchObject({ created: 0, failedCount: STORE_IMPORT_LIMITS.maxRows });
    expect(capped.body.length).toBeLessThan(60_000);
    // 5 MB of short bad lines: refused at the row cap, nothing saved (how fast and in how much
    // memory: bench/refusals.ts)
    const upload = multipartFile('stores.csv', 'text/csv', Buffer.from(header + 'x,*,y,\n'.repeat(Math.floor((5 * 1024 * 1024 - header.length - 400) / 7))));
    const refused = await t.app.inject({ method: 'POST', url: `/api/company/${acme}/stores/import`, headers: { ...bearer(token), ...upload.headers }, payload: upload.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ file: `validation.storeRowsMax?max=${STORE_IMPORT_LIMITS.maxRows}` });
    expect(await codes()).not.toContain('x');
  });

  it('refuses files that are not CSV text by their content, or without the header', async () => {
    for (const [data, type] of [
      [PNG_BYTES, 'text/csv'],
      [Buffer.from([0x63, 0x6f, 0x64, 0x65, 0xff, 0xfe, 0x0a]), 'text/csv'],
      [Buffer.from('name;city\nA;B\n'), 'text/csv'],
      [Buffer.alloc(0), 'text/csv'],
    ] as const) {
      const res = await importFile(data, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('FILE_UNREADABLE');
    }
  });

  it('refuses more than 5 MB with 413 FILE_TOO_LARGE and saves nothing', async () => {
    const header = 'code;name;storeCategoryId\n';
    const line = 'BIG-0000;A store;RETAIL\n';
    const big = header + line.repeat(Math.ceil((5 * 1024 * 1024) / line.length) + 10);
    const res = await importFile(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('FILE_TOO_LARGE');
    expect((await codes()).some((c: string) => c.startsWith('BIG'))).toBe(false);
  });
});
