import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isWellFormedCode } from '../../../domain/codes';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addCompany, companyIdOf, q, userWith } from '../../test/builders';
import { addTypology } from '../../test/support/giftcards';
import { archiveKey } from './archive';
import { generateBatchCards } from './generate';
import { catalogCaller, lotCards } from '../../test/support/catalog';

describe.each(DRIVERS)('batches (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof catalogCaller>;
  let admin: string;
  let operator: string;
  let acmeBatches: string;
  let tesseraId: string;
  let acmeId: string;
  let otherId: string;
  let typologyId: string;
  const url = (companyId: string, path = '') => `/api/company/${companyId}/giftcard/batches${path}`;
  const drain = () => t.app.ctx.jobs.drain();
  const batchCount = async () => (await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM card_batches`))[0].n;
  const ledger = (lot: string, type: string) =>
    queryRows<{ n: number; amount: string | number | null }>(
      t.db.db,
      sql`SELECT count(*)::int AS n, sum(x.amount_cents) AS amount FROM gift_card_transactions x JOIN gift_cards c ON c.id = x.card_id
          WHERE c.lot_number = ${lot} AND x.type = ${type} AND x.result = 'SUCCESS'`,
    ).then((rows) => ({ n: rows[0].n, amount: Number(rows[0].amount ?? 0) }));

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = catalogCaller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    tesseraId = await companyIdOf(t.db.db, 'TESSERA');
    acmeId = await companyIdOf(t.db.db, 'ACME');
    otherId = await addCompany(t.db.db, 'OTHER', tesseraId);
    acmeBatches = await userWith(t.app, t.db.db, 'batches@acme.test', acmeId, ['privative.batches']);
    typologyId = await addTypology(t.db.db, { valueCents: 2500, expirationMonths: 12 });
  });
  afterAll(() => t.close());

  it('generates a batch: PENDING, then a job makes NOT_ACTIVE cards with contiguous progressives and well-formed codes', async () => {
    const created = await call(admin, 'POST', url(acmeId), { lotNumber: 'LOT-A1', typologyId, quantity: 1500, expireDate: '2099-06-30', orderReference: 'PO-77' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'PENDING', generatedCount: 0, quantity: 1500, lotNumber: 'LOT-A1', archiveStatus: null, activated: false, companyId: acmeId });
    expect(created.json().userName).toBeTruthy();
    expect(await drain()).toBeGreaterThan(0);
    const batch = (await call(admin, 'GET', url(acmeId, `/${created.json().id}`))).json();
    expect(batch).toMatchObject({ status: 'COMPLETED', generatedCount: 1500, expireDate: '2099-06-30', orderReference: 'PO-77', typologyType: 'PHYSICAL', valueCents: 2500 });
    const cards = await lotCards(t.db.db, 'LOT-A1');
    expect(cards).toHaveLength(1500);
    expect(cards.map((c) => Number(c.progressive))).toEqual(Array.from({ length: 1500 }, (_, i) => batch.progressiveFrom + i));
    expect(batch.progressiveTo).toBe(batch.progressiveFrom + 1499);
    expect(new Set(cards.map((c) => c.code)).size).toBe(1500);
    expect(cards.every((c) => isWellFormedCode(c.code) && c.status === 'NOT_ACTIVE' && c.company_id === acmeId)).toBe(true);

    // the next batch of the typology continues right after
    const next = (await call(admin, 'POST', url(acmeId), { lotNumber: 'LOT-A2', typologyId, quantity: 10 })).json();
    await drain();
    const second = (await call(admin, 'GET', url(acmeId, `/${next.id}`))).json();
    expect(second.progressiveFrom).toBe(batch.progressiveTo + 1);
  });

  it('lists the subtree batches newest first with filters and Content-Range; customers with the flag read them', async () => {
    const list = await call(acmeBatches, 'GET', url(acmeId, '?range=[0,0]'));
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { lotNumber: string }) => b.lotNumber)).toEqual(['LOT-A2']);
    expect(list.headers['content-range']).toBe('batches 0-0/*');
    const byLot = await call(acmeBatches, 'GET', url(acmeId, `?filter=${q({ lotNumber: 'LOT-A1' })}`));
    expect(byLot.json()).toHaveLength(1);
    expect(byLot.headers['content-range']).toBe('batches 0-0/1');
    const byStatus = await call(admin, 'GET', url(acmeId, `?filter=${q({ status: 'ERROR' })}`));
    expect(byStatus.json()).toEqual([]);
    const bad = await call(admin, 'GET', url(acmeId, `?filter=${q({ status: 'DONE' })}&sort=${q(['lotNumber', 'ASC'])}`));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'validation.invalid' });
    expect((await call(admin, 'GET', url(acmeId, `?sort=${q(['code', 'ASC'])}`))).json().errors).toEqual({ sort: 'validation.invalid' });
    const sorted = await call(admin, 'GET', url(acmeId, `?sort=${q(['lotNumber', 'ASC'])}`));
    expect(sorted.json().map((b: { lotNumber: string }) => b.lotNumber)).toEqual(['LOT-A1', 'LOT-A2']);
  });

  it('answers 400 with field errors and 409 for a lot number in use, saving nothing', async () => {
    const before = await batchCount();
    const digital = await addTypology(t.db.db);
    await t.db.db.execute(sql`UPDATE card_typologies SET type = 'DIGITAL' WHERE id = ${digital}`);
    const foreign = await addTypology(t.db.db, { companyId: otherId });
    const cases: Array<[object, Record<string, string>]> = [
      [{}, { lotNumber: 'validation.required', typologyId: 'validation.required', quantity: 'validation.required' }],
      [{ lotNumber: 'LOT B', typologyId, quantity: 0 }, { lotNumber: 'validation.invalid', quantity: 'validation.numberRange?min=1&max=100000' }],
      [{ lotNumber: 'LOT-B', typologyId, quantity: 100_001 }, { quantity: 'validation.numberRange?min=1&max=100000' }],
      [{ lotNumber: 'LOT-B', typologyId: 'nope', quantity: 5 }, { typologyId: 'validation.invalid' }],
      [{ lotNumber: 'LOT-B', typologyId: digital, quantity: 5 }, { typologyId: 'validation.invalid' }],
      [{ lotNumber: 'LOT-B', typologyId: foreign, quantity: 5 }, { typologyId: 'validation.invalid' }],
      [{ lotNumber: 'LOT-B', typologyId, quantity: 5, expireDate: '2020-01-01' }, { expireDate: 'validation.futureDate' }],
      [{ lotNumber: 'LOT-B', typologyId, quantity: 5, companyId: otherId }, { companyId: 'validation.invalid' }],
    ];
    for (const [body, errors] of cases) {
      const res = await call(admin, 'POST', url(acmeId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const dup = await call(admin, 'POST', url(tesseraId), { lotNumber: 'LOT-A1', typologyId, quantity: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: { message: 'DUPLICATE_CODE' }, errors: { lotNumber: 'validation.duplicateCode' } });
    expect(await batchCount()).toBe(before);
    expect(await drain()).toBe(0);
  });

  it('403 without the flag or for customers making batches, 404 across companies', async () => {
    const before = await batchCount();
    const [batch] = (await call(admin, 'GET', url(acmeId, `?filter=${q({ lotNumber: 'LOT-A1' })}`))).json();
    const body = { lotNumber: 'LOT-DENIED', typologyId, quantity: 5 };
    expect((await call(operator, 'GET', url(acmeId))).statusCode).toBe(403);
    expect((await call(operator, 'POST', url(acmeId), body)).statusCode).toBe(403);
    expect((await call(acmeBatches, 'POST', url(acmeId), body)).statusCode).toBe(403);
    for (const action of ['activate', 'deactivate', 'archive']) {
      expect((await call(acmeBatches, 'POST', url(acmeId, `/${batch.id}/${action}`), {})).statusCode, action).toBe(403);
    }
    expect((await call(acmeBatches, 'GET', url(otherId))).statusCode).toBe(404);
    expect((await call(acmeBatches, 'GET', url(otherId, `/${batch.id}`))).statusCode).toBe(404);
    // a batch of Acme is not OTHER's, even for provider staff on OTHER's route
    expect((await call(admin, 'GET', url(otherId, `/${batch.id}`))).statusCode).toBe(404);
    expect((await call(admin, 'POST', url(otherId, `/${batch.id}/activate`), {})).statusCode).toBe(404);
    expect((await call(admin, 'GET', url(otherId, `/${batch.id}/archive`))).statusCode).toBe(404);
    expect((await call(admin, 'GET', url(acmeId, '/not-a-uuid'))).statusCode).toBe(404);
    expect(await batchCount()).toBe(before);
  });

  it('makes the PDF archive with a job and streams it', async () => {
    const [batch] = (await call(admin, 'GET', url(acmeId, `?filter=${q({ lotNumber: 'LOT-A2' })}`))).json();
    expect((await call(admin, 'GET', url(acmeId, `/${batch.id}/archive`))).json().error.message).toBe('ARCHIVE_NOT_READY');
    const queued = await call(admin, 'POST', url(acmeId, `/${batch.id}/archive`));
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ archiveStatus: 'PENDING', archiveCount: 0 });
    expect((await call(admin, 'POST', url(acmeId, `/${batch.id}/archive`))).json().error.message).toBe('BATCH_STATE_INVALID');
    await drain();
    expect((await call(admin, 'GET', url(acmeId, `/${batch.id}`))).json()).toMatchObject({ archiveStatus: 'COMPLETED', archiveCount: 10 });
    const pdf = await call(acmeBatches, 'GET', url(acmeId, `/${batch.id}/archive`));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="batch-LOT-A2.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    // one A4 page holds ten cards
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);

    // the storage lost the file (a folder deleted, a bucket emptied): a 404 with its code, not a
    // 500; making the archive again mends it
    const [{ archive_file: file }] = await queryRows<{ archive_file: string }>(t.db.db, sql`SELECT archive_file FROM card_batches WHERE id = ${batch.id}`);
    await t.app.ctx.files.remove(archiveKey(file));
    const lost = await call(acmeBatches, 'GET', url(acmeId, `/${batch.id}/archive`));
    expect(lost.statusCode).toBe(404);
    expect(lost.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(lost.json().error.message).toBe('FILE_NOT_FOUND');
    expect((await call(admin, 'POST', url(acmeId, `/${batch.id}/archive`))).statusCode).toBe(202);
    await drain();
    expect((await call(acmeBatches, 'GET', url(acmeId, `/${batch.id}/archive`))).statusCode).toBe(200);
  });

  it('shows archiveStatus ERROR with the reason when the archive job fails for good, and lets it be asked again', async () => {
    const created = (await call(admin, 'POST', url(acmeId), { lotNumber: 'LOT-F1', typologyId, quantity: 3 })).json();
    await drain();
    expect((await call(admin, 'POST', url(acmeId, `/${created.id}/archive`))).statusCode).toBe(202);
    // the archives folder cannot be made: a file is in its place
    const dir = path.join(t.config.dataDir, 'archives');
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    const handler = t.app.jobRegistry.get('catalog.batch.archive')!;
    const job = { jobId: 'test', attempt: 3, lastAttempt: true, log: t.app.log, signal: new AbortController().signal };
    await expect(handler({ batchId: created.id, language: 'en' }, job)).rejects.toThrow();
    const failed = (await call(admin, 'GET', url(acmeId, `/${created.id}`))).json();
    expect(failed.archiveStatus).toBe('ERROR');
    expect(failed.errorMessage).toBe('EEXIST');
    expect((await call(admin, 'GET', url(acmeId, `/${created.id}/archive`))).json().error.message).toBe('ARCHIVE_NOT_READY');
    rmSync(dir, { force: true });
    expect((await call(admin, 'POST', url(acmeId, `/${created.id}/archive`))).json().archiveStatus).toBe('PENDING');
    await handler({ batchId: created.id, language: 'en' }, job);
    expect((await call(admin, 'GET', url(acmeId, `/${created.id}`))).json()).toMatchObject({ archiveStatus: 'COMPLETED', archiveCount: 3, errorMessage: null });
    await drain();
  });

  it('an activation job whose lease was lost activates nothing and, on its last attempt, writes no ERROR over the new owner', async () => {
    const created = (await call(admin, 'POST', url(acmeId), { lotNumber: 'LOT-LEASE', typologyId, quantity: 20 })).json();
    await drain();
    expect((await call(admin, 'POST', url(acmeId, `/${created.id}/activate`), {})).statusCode).toBe(202);
    const lost = new AbortController();
    lost.abort(new DOMException('job lease lost', 'AbortError'));
    const handler = t.app.jobRegistry.get('catalog.batch.activation')!;
    const [user] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM users WHERE email = 'admin@tessera.test'`);
    const job = { jobId: 'test', attempt: 3, lastAttempt: true, log: t.app.log, signal: lost.signal };
    await expect(handler({ batchId: created.id, mode: 'activate', userId: user.id }, job)).rejects.toMatchObject({ name: 'AbortError' });
    expect((await call(admin, 'GET', url(acmeId, `/${created.id}`))).json()).toMatchObject({ status: 'PENDING_ACTIVATION', errorMessage: null, activationCount: 0 });
    expect((await lotCards(t.db.db, 'LOT-LEASE')).every((c) => c.status === 'NOT_ACTIVE')).toBe(true);
    // the job itself, run by its owner, activates the batch
    await drain();
    expect((await call(admin, 'GET', url(acmeId, `/${created.id}`))).json()).toMatchObject({ status: 'COMPLETED', activationCount: 20 });
  });

  it('activates a batch through the ledger as a job, honouring Idempotency-Key, then deactivates it', async () => {
    const [batch] = (await call(admin, 'GET', url(acmeId, `?filter=${q({ lotNumber: 'LOT-A1' })}`))).json();
    const key = { 'Idempotency-Key': 'batch-activate-1' };
    const first = await call(admin, 'POST', url(acmeId, `/${batch.id}/activate`), {}, key);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'PENDING_ACTIVATION', activationCount: 0 });
    const replay = await call(admin, 'POST', url(acmeId, `/${batch.id}/activate`), {}, key);
    expect(replay.statusCode).toBe(202);
    expect(await drain()).toBe(1);
    const done = (await call(admin, 'GET', url(acmeId, `/${batch.id}`))).json();
    expect(done).toMatchObject({ status: 'COMPLETED', activated: true, activationCount: 1500, errorMessage: null });
    const cards = await lotCards(t.db.db, 'LOT-A1');
    expect(cards.every((c) => c.status === 'ACTIVE' && Number(c.balance_cents) === 2500)).toBe(true);
    // 12 months from today would pass the batch's printed last day only for a batch ending sooner; this one ends 2099-06-30
    expect(new Date(cards[0].expire_date as string).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);
    expect(await ledger('LOT-A1', 'ACTIVATE')).toEqual({ n: 1500, amount: 1500 * 2500 });
    // a replay after the work answers again and moves nothing; a new activation is refused by the state
    expect((await call(admin, 'POST', url(acmeId, `/${batch.id}/activate`), {}, key)).statusCode).toBe(202);
    const again = await call(admin, 'POST', url(acmeId, `/${batch.id}/activate`), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('BATCH_STATE_INVALID');
    expect(await drain()).toBe(0);
    expect((await call(admin, 'POST', url(acmeId, `/${batch.id}/activate`), { amountCents: 100 })).json().errors).toEqual({ amountCents: 'validation.invalid' });

    // the same key for another call is refused, and nothing is queued
    const reused = await call(admin, 'POST', url(acmeId, `/${batch.id}/deactivate`), undefined, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await call(admin, 'GET', url(acmeId, `/${batch.id}`))).json().status).toBe('COMPLETED');
    const off = await call(admin, 'POST', url(acmeId, `/${batch.id}/deactivate`));
    expect(off.json()).toMatchObject({ status: 'PENDING_DEACTIVATE' });
    await drain();
    expect((await call(admin, 'GET', url(acmeId, `/${batch.id}`))).json()).toMatchObject({ status: 'COMPLETED', activated: false });
    expect((await lotCards(t.db.db, 'LOT-A1')).every((c) => c.status === 'NOT_ACTIVE' && Number(c.balance_cents) === 0)).toBe(true);
    expect(await ledger('LOT-A1', 'DEACTIVATE')).toEqual({ n: 1500, amount: -1500 * 2500 });
  });

  it('caps activation expiry at the batch date, asks a variable value for it, and reports refused cards as ERROR_DEACTIVATE', async () => {
    const variable = await addTypology(t.db.db, { valueCents: null, expirationMonths: 24 });
    const soon = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const created = (await call(admin, 'POST', url(acmeId), { lotNumber: 'LOT-V1', typologyId: variable, quantity: 3, expireDate: soon })).json();
    await drain();
    const missing = await call(admin, 'POST', url(acmeId, `/${created.id}/activate`), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ amountCents: 'validation.required' });
    expect((await call(admin, 'POST', url(acmeId, `/${created.id}/activate`), { amountCents: 4000 })).statusCode).toBe(202);
    await drain();
    const cards = await lotCards(t.db.db, 'LOT-V1');
    expect(cards.map((c) => Number(c.balance_cents))).toEqual([4000, 4000, 4000]);
    expect(cards.every((c) => new Date(c.expire_date as string).toISOString() === `${soon}T23:59:59.999Z`)).toBe(true);
    await t.db.db.execute(sql`UPDATE gift_cards SET ever_consumed = true WHERE id = ${cards[1].id}`);
    await call(admin, 'POST', url(acmeId, `/${created.id}/deactivate`));
    await drain();
    const failed = (await call(admin, 'GET', url(acmeId, `/${created.id}`))).json();
    expect(failed).toMatchObject({ status: 'ERROR_DEACTIVATE', errorMessage: '1 × ALREADY_USED', activated: true });
    expect((await lotCards(t.db.db, 'LOT-V1')).map((c) => c.status)).toEqual(['NOT_ACTIVE', 'ACTIVE', 'NOT_ACTIVE']);
    // a failed deactivation can be run again (the refused card is refused again)
    expect((await call(admin, 'POST', url(acmeId, `/${created.id}/deactivate`))).json().status).toBe('PENDING_DEACTIVATE');
    await drain();
    expect((await call(admin, 'GET', url(acmeId, `/${created.id}`))).json().status).toBe('ERROR_DEACTIVATE');
  });

  it('replaces a code already taken without an error and resumes an interrupted generation without gaps', async () => {
    const [taken] = await lotCards(t.db.db, 'LOT-A2');
    const created = (await call(admin, 'POST', url(acmeId), { lotNumber: 'LOT-R1', typologyId, quantity: 2500 })).json();
    let calls = 0;
    const flaky = (n: number) => {
      calls += 1;
      if (calls === 1) return [taken.code, ...Array.from({ length: n - 1 }, (_, i) => `X${i}`)];
      if (calls === 3) throw new Error('worker died');
      return Array.from({ length: n }, (_, i) => `R${calls}C${i}`);
    };
    await expect(generateBatchCards(t.db.db, created.id, { codes: flaky })).rejects.toThrow('worker died');
    const half = (await call(admin, 'GET', url(acmeId, `/${created.id}`))).json();
    // whole chunks only (1,000, 1,000 and 500 cards), and the count says what is there
    expect(half.status).toBe('IN_PROGRESS');
    expect([500, 1000, 1500, 2000]).toContain(half.generatedCount);
    expect(await lotCards(t.db.db, 'LOT-R1')).toHaveLength(half.generatedCount);
    // the queued job resumes after the last committed chunk, with the same range
    await drain();
    const done = (await call(admin, 'GET', url(acmeId, `/${created.id}`))).json();
    expect(done).toMatchObject({ status: 'COMPLETED', generatedCount: 2500, progressiveFrom: half.progressiveFrom });
    const cards = await lotCards(t.db.db, 'LOT-R1');
    expect(cards.map((c) => Number(c.progressive))).toEqual(Array.from({ length: 2500 }, (_, i) => half.progressiveFrom + i));
    expect(cards.filter((c) => c.code === taken.code)).toHaveLength(0);
    expect((await queryRows(t.db.db, sql`SELECT 1 FROM gift_cards WHERE code = ${taken.code}`)).length).toBe(1);
  });
});
