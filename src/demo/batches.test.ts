import { beforeEach, describe, expect, it } from 'vitest';
import type { Batch } from '../../domain/catalog';
import { DEMO_PASSWORD } from './data';
import { freshDemo } from './testSupport';

type Demo = ReturnType<typeof freshDemo>;
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; message: string; body: { error?: { message: string }; errors?: Record<string, string> } };
    return { status: e.status, code: e.body?.error?.message, message: e.message, errors: e.body?.errors };
  }
  throw new Error('expected a refusal');
};
/** A blob's text (FileReader: jsdom's Blob has no text()). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error as Error);
    reader.readAsText(blob);
  });
const LIST = { pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };

describe('demo batches (the API rules of server/modules/catalog)', () => {
  let demo: Demo;
  const batches = async (filter = {}) => (await demo.dataProvider.getList<Batch>('privative/batches', { ...LIST, filter })).data;
  const byLot = async (lot: string) => (await batches({ lotNumber: lot }))[0];
  const read = async (id: string) => (await demo.dataProvider.getOne<Batch>('privative/batches', { id })).data;
  const physical = () => demo.db.typologies.find((t) => t.type === 'PHYSICAL')!;
  beforeEach(async () => {
    demo = freshDemo();
    await demo.authProvider.login({ email: 'admin@tessera.test', password: DEMO_PASSWORD });
  });

  it('seeds a batch in each state the screens show, filtered as the API filters', async () => {
    const all = await batches();
    expect(new Set(all.map((b) => b.status))).toEqual(new Set(['COMPLETED', 'IN_PROGRESS', 'ERROR', 'ERROR_ACTIVATION']));
    expect(new Set(all.map((b) => b.archiveStatus))).toEqual(new Set([null, 'COMPLETED', 'IN_PROGRESS', 'ERROR']));
    expect(all.some((b) => b.status === 'COMPLETED' && b.activated)).toBe(true);
    expect(all.some((b) => b.status === 'COMPLETED' && !b.activated)).toBe(true);
    expect((await batches({ status: 'ERROR' })).map((b) => b.lotNumber)).toEqual(['LOT-2026-004']);
    expect(await refusal(batches({ status: 'BOGUS' }))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('generates a batch over a few reads: PENDING, then the progress advances to COMPLETED with its progressives', async () => {
    const created = (await demo.dataProvider.create<Batch>('privative/batches', { data: { lotNumber: 'DEMO-1', typologyId: physical().id, quantity: 1000, expireDate: null, orderReference: null } })).data;
    expect(created).toMatchObject({ status: 'PENDING', generatedCount: 0, userName: 'Anna Admin' });
    const seen: number[] = [];
    let batch = created;
    for (let i = 0; i < 10 && batch.status !== 'COMPLETED'; i++) {
      batch = await read(created.id);
      seen.push(batch.generatedCount);
    }
    expect(batch.status).toBe('COMPLETED');
    expect(seen.length).toBeGreaterThan(2);
    expect(batch.progressiveTo! - batch.progressiveFrom! + 1).toBe(1000);
  });

  it('refuses what the server refuses, with its codes', async () => {
    const create = (data: object) => demo.dataProvider.create('privative/batches', { data: { lotNumber: 'DEMO-2', typologyId: physical().id, quantity: 10, ...data } });
    expect(await refusal(create({ quantity: 100_001 }))).toMatchObject({ status: 400, errors: { quantity: 'validation.numberRange?min=1&max=100000' } });
    expect(await refusal(create({ typologyId: demo.db.typologies.find((t) => t.type === 'DIGITAL')!.id }))).toMatchObject({ status: 400, errors: { typologyId: 'validation.invalid' } });
    expect(await refusal(create({ expireDate: '2020-01-01' }))).toMatchObject({ status: 400, errors: { expireDate: 'validation.futureDate' } });
    expect(await refusal(create({ lotNumber: 'LOT-2026-001' }))).toMatchObject({ status: 409, code: 'DUPLICATE_CODE', errors: { lotNumber: 'validation.duplicateCode' } });
    const busy = await byLot('LOT-2026-007');
    expect(await refusal(demo.dataProvider.activateBatch(busy.id, 'k-1'))).toMatchObject({ status: 409, code: 'BATCH_STATE_INVALID', message: 'The batch is not in a state that allows this.' });
    expect(await refusal(demo.dataProvider.requestBatchArchive(busy.id))).toMatchObject({ status: 409, code: 'BATCH_STATE_INVALID' });
    expect(await refusal(demo.dataProvider.downloadBatchArchive(busy.id))).toMatchObject({ status: 409, code: 'ARCHIVE_NOT_READY' });
    // a fixed-value typology takes no amount at activation
    expect(await refusal(demo.dataProvider.activateBatch((await byLot('LOT-2026-002')).id, 'k-2', 500))).toMatchObject({ status: 400, errors: { amountCents: 'validation.invalid' } });
  });

  it('activates once per Idempotency-Key, then deactivates; the archive is made and downloads as a PDF', async () => {
    const { id } = await byLot('LOT-2026-002');
    const first = await demo.dataProvider.activateBatch(id, 'same-key');
    const replay = await demo.dataProvider.activateBatch(id, 'same-key');
    expect(replay).toEqual(first);
    expect(first.status).toBe('PENDING_ACTIVATION');
    let batch = first;
    for (let i = 0; i < 10 && batch.status !== 'COMPLETED'; i++) batch = await read(id);
    expect(batch).toMatchObject({ status: 'COMPLETED', activated: true, activationCount: batch.quantity });
    expect(await refusal(demo.dataProvider.activateBatch(id, 'another-key'))).toMatchObject({ code: 'BATCH_STATE_INVALID' });
    expect((await demo.dataProvider.deactivateBatch(id, 'k-3')).status).toBe('PENDING_DEACTIVATE');
    for (let i = 0; i < 10 && batch.status !== 'COMPLETED'; i++) batch = await read(id);

    expect((await demo.dataProvider.requestBatchArchive(id)).archiveStatus).toBe('PENDING');
    for (let i = 0; i < 10 && batch.archiveStatus !== 'COMPLETED'; i++) batch = await read(id);
    expect(batch.archiveStatus).toBe('COMPLETED');
    const pdf = await demo.dataProvider.downloadBatchArchive(id);
    expect(pdf.type).toBe('application/pdf');
    expect(await blobText(pdf)).toMatch(/^%PDF-1\.4[\s\S]*LOT-2026-002[\s\S]*%%EOF\n$/);
  });

  it("only provider staff make batches and typologies; others get the server's 403", async () => {
    await demo.authProvider.logout({});
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
    expect(await refusal(demo.dataProvider.getList('privative/batches', LIST))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(demo.dataProvider.create('privative/typologies', { data: {} }))).toMatchObject({ status: 403 });
  });

  it('provider staff add a physical typology to the catalog (SKU unique)', async () => {
    const body = { name: 'Gift Card 10 €', type: 'PHYSICAL', valueCents: 1000, variableValue: false, sku: 'GC-PHY-10', expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12 };
    const created = (await demo.dataProvider.create('privative/typologies', { data: body })).data;
    expect(created).toMatchObject({ name: 'Gift Card 10 €', companyId: null, valueCents: 1000 });
    const catalog = await demo.dataProvider.getList('privative/typologies', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: { type: 'PHYSICAL' } });
    expect(catalog.data.map((t) => t.sku)).toContain('GC-PHY-10');
    expect(catalog.data.every((t) => t.type === 'PHYSICAL')).toBe(true);
    expect(await refusal(demo.dataProvider.create('privative/typologies', { data: body }))).toMatchObject({ status: 409, code: 'DUPLICATE_CODE', errors: { sku: 'validation.duplicateCode' } });
  });
});
