import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import { z } from 'zod';
import {
  batchActivationAmountSchema,
  batchActionAllowed,
  batchCreateSchema,
  batchFilterSchema,
  BATCH_SORT_FIELDS,
  typologyCreateSchema,
  typologyFilterSchema,
  TYPOLOGY_SORT_FIELDS,
  type Batch,
  type BatchStatus,
  type CatalogTypology,
} from '../../domain/catalog';
import type { Typology } from '../../domain/giftcards';
import type { DemoContext } from './context';
import { KIND, type DemoDb } from './db';
import { apiError, notFound, parseOr400 } from './errors';
import { idempotent } from './ledger';
import { contains, page, sortParam, sortRows } from './lists';
import { onePagePdf } from './pdf';

/**
 * The catalog and batches in memory, with the API's rules and error codes
 * (server/modules/catalog/service.ts, domain/catalog.ts): provider staff make typologies and
 * batches (403 otherwise), a batch is of a physical typology with a free lot number (409
 * DUPLICATE_CODE) and an expiry not in the past; activate / deactivate / archive only when
 * `batchActionAllowed` says so (409 BATCH_STATE_INVALID), the archive downloads once COMPLETED
 * (409 ARCHIVE_NOT_READY), activation honours Idempotency-Key. The jobs advance a fifth of the
 * batch at every read of it, so the detail's progress bar moves over a few polls. The demo makes
 * no card rows for its batches.
 */
interface DemoBatch extends Batch {
  /** the activation's target (the API's job payload) */
  pendingActivation: boolean;
}
interface BatchStore {
  batches: DemoBatch[];
  archives: Map<string, Blob>;
  /** next progressive per typology (the API's typology_progressives) */
  progressives: Map<string, number>;
  seq: number;
}

/** the id kind of demo batches (src/test/builders-ids.ts sequentialId), apart from db.ts's tables */
const BATCH_KIND = 11;
const stores = new WeakMap<DemoDb, BatchStore>();
const stamp = () => new Date().toISOString();
const today = () => new Date().toISOString().slice(0, 10);
const batchesPath = (companyId: string) => `/api/company/${companyId}/giftcard/batches`;
const typologiesPath = (companyId: string) => `/api/company/${companyId}/giftcard/typologies`;
const invalid = (instance: string, errors: Record<string, string>) => apiError(400, 'VALIDATION_ERROR', instance, 'The request is not valid', errors);

function nextProgressives(store: BatchStore, typologyId: string, quantity: number): [number, number] {
  const from = store.progressives.get(typologyId) ?? 500_001;
  store.progressives.set(typologyId, from + quantity);
  return [from, from + quantity - 1];
}

/** The seeded batches: one of each state the screens show (see README). */
function seed(db: DemoDb): BatchStore {
  const store: BatchStore = { batches: [], archives: new Map(), progressives: new Map(), seq: 0 };
  const provider = db.companies.find((c) => c.isProvider) ?? db.companies[0];
  const admin = db.users.find((u) => u.companyId === provider.id);
  const physical = db.typologies.filter((t) => t.type === 'PHYSICAL');
  if (physical.length === 0 || !provider) return store;
  const day = 86_400_000;
  const now = Date.now();
  const rows: Array<Partial<DemoBatch> & { lotNumber: string; quantity: number; status: BatchStatus; ago: number }> = [
    { lotNumber: 'LOT-2026-001', quantity: 500, status: 'COMPLETED', activated: true, archiveStatus: 'COMPLETED', orderReference: 'PO-4410', ago: 60 },
    { lotNumber: 'LOT-2026-002', quantity: 1000, status: 'COMPLETED', orderReference: 'PO-4502', ago: 30 },
    { lotNumber: 'LOT-2026-003', quantity: 2000, status: 'COMPLETED', archiveStatus: 'IN_PROGRESS', archiveCount: 400, ago: 12 },
    { lotNumber: 'LOT-2026-004', quantity: 250, status: 'ERROR', errorMessage: 'INTERNAL_ERROR', ago: 9 },
    { lotNumber: 'LOT-2026-005', quantity: 300, status: 'ERROR_ACTIVATION', errorMessage: '3 × ALREADY_USED', activationCount: 297, ago: 5 },
    { lotNumber: 'LOT-2026-006', quantity: 800, status: 'COMPLETED', activated: true, archiveStatus: 'ERROR', errorMessage: 'INTERNAL_ERROR', ago: 3 },
    { lotNumber: 'LOT-2026-007', quantity: 10_000, status: 'IN_PROGRESS', generatedCount: 4000, orderReference: 'PO-4620', ago: 0 },
  ];
  rows.forEach(({ ago, ...row }, index) => {
    const typology = physical[index % physical.length];
    const generated = row.status === 'IN_PROGRESS' ? (row.generatedCount ?? 0) : row.status === 'ERROR' ? 0 : row.quantity;
    const [from, to] = row.status === 'ERROR' ? [null, null] : nextProgressives(store, typology.id, row.quantity);
    const created = new Date(now - ago * day - (rows.length - index) * 3_600_000).toISOString();
    const batch: DemoBatch = {
      id: db.newId(BATCH_KIND),
      companyId: provider.id,
      createdAt: created,
      updatedAt: created,
      typologyId: typology.id,
      typologyName: typology.name,
      typologyType: typology.type,
      valueCents: typology.valueCents,
      archiveStatus: null,
      orderReference: null,
      progressiveFrom: from,
      progressiveTo: to,
      userName: admin ? `${admin.firstName} ${admin.lastName}` : null,
      expireDate: index % 2 === 0 ? `${new Date(now).getUTCFullYear() + 2}-12-31` : null,
      generatedCount: generated,
      activationCount: row.activated ? row.quantity : 0,
      archiveCount: row.archiveStatus === 'COMPLETED' ? row.quantity : 0,
      activated: false,
      errorMessage: null,
      pendingActivation: false,
      ...row,
    };
    store.batches.push(batch);
    if (batch.archiveStatus === 'COMPLETED') store.archives.set(batch.id, archivePdf(batch));
  });
  return store;
}

function storeOf(db: DemoDb): BatchStore {
  let store = stores.get(db);
  if (!store) {
    store = seed(db);
    stores.set(db, store);
  }
  return store;
}

/** A small real PDF naming the batch (the API's archive draws every card; the demo one page). */
export function archivePdf(batch: Pick<Batch, 'lotNumber' | 'quantity' | 'typologyName' | 'progressiveFrom' | 'progressiveTo'>): Blob {
  return onePagePdf(`Tessera demo - batch ${batch.lotNumber}: ${batch.quantity} cards ${batch.typologyName} (${batch.progressiveFrom ?? ''}-${batch.progressiveTo ?? ''})`);
}

/** The jobs' step: a fifth of the batch per read, then the job's end state (server/modules/catalog/{generate,activation,archive}.ts). */
function advance(store: BatchStore, batch: DemoBatch): void {
  const step = Math.max(1, Math.ceil(batch.quantity / 5));
  if (batch.status === 'PENDING') {
    [batch.progressiveFrom, batch.progressiveTo] = nextProgressives(store, batch.typologyId, batch.quantity);
    batch.status = 'IN_PROGRESS';
  } else if (batch.status === 'IN_PROGRESS') {
    batch.generatedCount = Math.min(batch.quantity, batch.generatedCount + step);
    if (batch.generatedCount >= batch.quantity) batch.status = 'COMPLETED';
  } else if (batch.status === 'PENDING_ACTIVATION' || batch.status === 'PENDING_DEACTIVATE') {
    batch.status = batch.status === 'PENDING_ACTIVATION' ? 'IN_PROGRESS_ACTIVATION' : 'IN_PROGRESS_DEACTIVATE';
  } else if (batch.status === 'IN_PROGRESS_ACTIVATION' || batch.status === 'IN_PROGRESS_DEACTIVATE') {
    batch.activationCount = Math.min(batch.quantity, batch.activationCount + step);
    if (batch.activationCount >= batch.quantity) {
      batch.activated = batch.status === 'IN_PROGRESS_ACTIVATION';
      batch.status = 'COMPLETED';
    }
  }
  if (batch.archiveStatus === 'PENDING') batch.archiveStatus = 'IN_PROGRESS';
  else if (batch.archiveStatus === 'IN_PROGRESS') {
    batch.archiveCount = Math.min(batch.quantity, batch.archiveCount + step);
    if (batch.archiveCount >= batch.quantity) {
      batch.archiveStatus = 'COMPLETED';
      store.archives.set(batch.id, archivePdf(batch));
    }
  }
  batch.updatedAt = stamp();
}

const record = ({ pendingActivation: _p, ...batch }: DemoBatch): Batch => ({ ...batch });

function isProvider(ctx: DemoContext, companyId: string) {
  const { user } = ctx.actor();
  const own = ctx.db.companies.find((c) => c.id === user.companyId);
  if (!own?.isProvider) throw apiError(403, 'FORBIDDEN', `/api/company/${companyId}`, 'Not allowed');
}

// ---------------------------------------------------------------- typologies

export function listTypologies(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<Typology> {
  const { companyId, companyIds } = ctx.require('privative/typologies', 'list');
  const instance = typologiesPath(companyId);
  const f = parseOr400(typologyFilterSchema, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, TYPOLOGY_SORT_FIELDS, { field: 'name', order: 'ASC' }, instance);
  const rows = ctx.db.typologies.filter(
    (t) =>
      (t.companyId === null || companyIds.has(t.companyId)) &&
      (!f.q || contains(t.name, f.q) || contains(t.sku, f.q)) &&
      (!f.type || t.type === f.type) &&
      (f.variableValue === undefined || t.variableValue === f.variableValue),
  );
  const value = (t: Typology) => (sort.field === 'createdAt' ? t.id : t[sort.field]);
  return page(sortRows(rows, value, sort.order), params.pagination, instance, (t) => ({ ...t }), false);
}

export function getTypology(ctx: DemoContext, id: Identifier): Typology {
  const { companyId, companyIds } = ctx.require('privative/typologies', 'show');
  const found = ctx.db.typologies.find((t) => t.id === String(id) && (t.companyId === null || companyIds.has(t.companyId)));
  if (!found) throw notFound(`${typologiesPath(companyId)}/${String(id)}`);
  return { ...found };
}

export function createTypology(ctx: DemoContext, data: unknown): CatalogTypology {
  const { companyId, companyIds } = ctx.require('privative/typologies', 'create');
  const instance = typologiesPath(companyId);
  isProvider(ctx, companyId);
  const body = parseOr400(typologyCreateSchema, data, instance);
  if (body.companyId && !companyIds.has(body.companyId)) throw invalid(instance, { companyId: 'validation.invalid' });
  if (ctx.db.typologies.some((t) => t.sku.toLowerCase() === body.sku.toLowerCase())) {
    throw apiError(409, 'DUPLICATE_CODE', instance, 'This sku is already in use', { sku: 'validation.duplicateCode' });
  }
  const typology: Typology = {
    id: ctx.db.newId(KIND.typology),
    companyId: body.companyId ?? null,
    name: body.name,
    type: body.type,
    valueCents: body.variableValue ? null : (body.valueCents ?? null),
    variableValue: body.variableValue,
    sku: body.sku,
    expirationType: body.expirationType,
    expirationMonths: body.expirationMonths ?? null,
    expirationDate: body.expirationDate ?? null,
  };
  ctx.db.typologies.push(typology);
  return { ...typology, createdAt: stamp() };
}

// ---------------------------------------------------------------- batches

const sortValue = (batch: Batch, field: (typeof BATCH_SORT_FIELDS)[number]) => batch[field];

export function listBatches(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<Batch> {
  const { companyId, companyIds } = ctx.require('privative/batches', 'list');
  const instance = batchesPath(companyId);
  const f = parseOr400(batchFilterSchema, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, BATCH_SORT_FIELDS, { field: 'createdAt', order: 'DESC' }, instance);
  const store = storeOf(ctx.db);
  const rows = store.batches.filter(
    (b) =>
      companyIds.has(b.companyId) &&
      (!f.lotNumber || b.lotNumber === f.lotNumber) &&
      (!f.typologyId || b.typologyId === f.typologyId) &&
      (!f.status || b.status === f.status) &&
      (!f.archiveStatus || b.archiveStatus === f.archiveStatus),
  );
  for (const batch of rows) advance(store, batch);
  return page(sortRows([...rows], (b) => sortValue(b, sort.field), sort.order), params.pagination, instance, record, true);
}

function batchOr404(ctx: DemoContext, action: string, id: Identifier) {
  const who = ctx.require('privative/batches', action);
  const instance = `${batchesPath(who.companyId)}/${String(id)}`;
  const batch = storeOf(ctx.db).batches.find((b) => b.id === String(id) && who.companyIds.has(b.companyId));
  if (!batch) throw notFound(instance);
  return { ...who, batch, instance };
}

export function getBatch(ctx: DemoContext, id: Identifier): Batch {
  const { batch } = batchOr404(ctx, 'show', id);
  advance(storeOf(ctx.db), batch);
  return record(batch);
}

export function createBatch(ctx: DemoContext, data: unknown): Batch {
  const { companyId, companyIds, user } = ctx.require('privative/batches', 'create');
  const instance = batchesPath(companyId);
  isProvider(ctx, companyId);
  const body = parseOr400(batchCreateSchema, data, instance);
  const typology = ctx.db.typologies.find((t) => t.id === body.typologyId && (t.companyId === null || companyIds.has(t.companyId)));
  if (!typology || typology.type !== 'PHYSICAL') throw invalid(instance, { typologyId: 'validation.invalid' });
  const expireDate = body.expireDate ?? (typology.expirationType === 'FIXED_DATE' ? typology.expirationDate : null);
  if (expireDate && expireDate < today()) throw invalid(instance, { expireDate: 'validation.futureDate' });
  const store = storeOf(ctx.db);
  if (store.batches.some((b) => b.companyId === companyId && b.lotNumber === body.lotNumber)) {
    throw apiError(409, 'DUPLICATE_CODE', instance, 'This lot number is already in use', { lotNumber: 'validation.duplicateCode' });
  }
  const batch: DemoBatch = {
    id: ctx.db.newId(BATCH_KIND),
    companyId,
    createdAt: stamp(),
    updatedAt: stamp(),
    typologyId: typology.id,
    typologyName: typology.name,
    typologyType: typology.type,
    valueCents: typology.valueCents,
    status: 'PENDING',
    archiveStatus: null,
    quantity: body.quantity,
    orderReference: body.orderReference || null,
    lotNumber: body.lotNumber,
    progressiveFrom: null,
    progressiveTo: null,
    userName: `${user.firstName} ${user.lastName}`,
    expireDate: expireDate ?? null,
    generatedCount: 0,
    activationCount: 0,
    archiveCount: 0,
    activated: false,
    errorMessage: null,
    pendingActivation: false,
  };
  store.batches.push(batch);
  return record(batch);
}

const activateBody = z.object({ amountCents: batchActivationAmountSchema.optional() }).strict();

export function requestActivation(ctx: DemoContext, id: Identifier, mode: 'activate' | 'deactivate', key: string | undefined, amountCents?: number): Promise<Batch> {
  const { batch, instance, companyId } = batchOr404(ctx, mode, id);
  isProvider(ctx, companyId);
  const body = parseOr400(activateBody, amountCents === undefined ? {} : { amountCents }, `${instance}/${mode}`);
  if (mode === 'activate') {
    const typology = ctx.db.typologies.find((t) => t.id === batch.typologyId);
    if (typology?.variableValue && body.amountCents === undefined) throw invalid(`${instance}/${mode}`, { amountCents: 'validation.required' });
    if (!typology?.variableValue && body.amountCents !== undefined) throw invalid(`${instance}/${mode}`, { amountCents: 'validation.invalid' });
  }
  return idempotent(ctx, key, `batches.${mode}:${batch.id}`, body, `${instance}/${mode}`, () => {
    if (!batchActionAllowed(mode, batch)) throw apiError(409, 'BATCH_STATE_INVALID', `${instance}/${mode}`, `The batch cannot ${mode} from ${batch.status}`);
    batch.status = mode === 'activate' ? 'PENDING_ACTIVATION' : 'PENDING_DEACTIVATE';
    batch.activationCount = 0;
    batch.errorMessage = null;
    batch.updatedAt = stamp();
    return record(batch);
  });
}

export function requestArchive(ctx: DemoContext, id: Identifier): Batch {
  const { batch, instance, companyId } = batchOr404(ctx, 'archive', id);
  isProvider(ctx, companyId);
  const busy = batch.archiveStatus === 'PENDING' || batch.archiveStatus === 'IN_PROGRESS';
  if (busy || !batchActionAllowed('archive', batch)) throw apiError(409, 'BATCH_STATE_INVALID', `${instance}/archive`, 'The batch cannot make its archive now');
  batch.archiveStatus = 'PENDING';
  batch.archiveCount = 0;
  batch.updatedAt = stamp();
  storeOf(ctx.db).archives.delete(batch.id);
  return record(batch);
}

export function downloadArchive(ctx: DemoContext, id: Identifier): Blob {
  const { batch, instance } = batchOr404(ctx, 'download', id);
  const file = storeOf(ctx.db).archives.get(batch.id);
  if (batch.archiveStatus !== 'COMPLETED' || !file) throw apiError(409, 'ARCHIVE_NOT_READY', `${instance}/archive`, 'The archive is not ready');
  return file;
}
