import Papa from 'papaparse';
import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { filterIdsSchema, filterTextSchema } from '../../domain/fields';
import type { Typology } from '../../domain/giftcards';
import { USER_STATUSES } from '../../domain/schemas/auth';
import { LOGO_TYPES, referentSchema, type ReferentInput } from '../../domain/schemas/company';
import { COMPANY_SORT_FIELDS, companyBodySchema, OPERATOR_SORT_FIELDS, operatorCreateSchema, operatorUpdateSchema, type CompanyRecord, type OperatorRecord } from '../../domain/schemas/companies-api';
import { storeSchema } from '../../domain/schemas/store';
import { parseCsvFlag, STORE_IMPORT_COLUMNS, STORE_SORT_FIELDS, STORE_IMPORT_TEMPLATE, type StoreImportFailure, type StoreImportResult, type StoreRecord } from '../../domain/schemas/stores-api';
import type { DemoContext } from './context';
import { KIND, type DemoUser } from './db';
import { apiError, notFound, parseOr400 } from './errors';
import { contains, page, sortParam, sortRows } from './lists';

/**
 * Companies, operators, stores and the catalog in memory, with the API's list filters, sort
 * whitelists and rules (server/modules/{companies,operators,stores}): duplicate codes and
 * e-mails, one default activation store, in-use deletes, the CSV import and the logo checks.
 */
const uuids = filterIdsSchema(z.uuid()).optional();
const text = filterTextSchema.optional();
const storeFilter = z.object({ q: text, code: text, name: text, storeCategoryId: text, id: uuids }).strict();
const companyFilter = z.object({ q: text, parentId: z.uuid().optional(), id: uuids }).strict();
const operatorFilter = z.object({ q: text, companyId: z.uuid().optional(), status: z.enum(USER_STATUSES).optional() }).strict();

const stamp = () => new Date().toISOString();

/** A file's bytes (FileReader where Blob.arrayBuffer is missing, as in jsdom). */
function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

// ---------------------------------------------------------------- stores (of the session's company)

const storesPath = (companyId: string) => `/api/company/${companyId}/stores`;

export function listStores(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<StoreRecord> {
  const { companyId } = ctx.require('privative/stores', 'list');
  const instance = storesPath(companyId);
  const f = parseOr400(storeFilter, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, STORE_SORT_FIELDS, { field: 'code', order: 'ASC' }, instance);
  const rows = ctx.db.stores.filter(
    (s) =>
      s.companyId === companyId &&
      (!f.q || contains(s.code, f.q) || contains(s.name, f.q)) &&
      (!f.code || contains(s.code, f.code)) &&
      (!f.name || contains(s.name, f.name)) &&
      (!f.storeCategoryId || s.storeCategoryId === f.storeCategoryId) &&
      (!f.id || f.id.includes(s.id)),
  );
  return page(sortRows(rows, (s) => s[sort.field], sort.order), params.pagination, instance, (s) => ({ ...s }), false);
}

function storeOr404(ctx: DemoContext, companyId: string, id: Identifier): StoreRecord {
  const found = ctx.db.stores.find((s) => s.id === String(id) && s.companyId === companyId);
  if (!found) throw notFound(`${storesPath(companyId)}/${String(id)}`);
  return found;
}

export function getStore(ctx: DemoContext, id: Identifier): StoreRecord {
  const { companyId } = ctx.require('privative/stores', 'show');
  return { ...storeOr404(ctx, companyId, id) };
}

const duplicateStoreCode = (instance: string) => apiError(409, 'DUPLICATE_CODE', instance, 'Another store of the company uses this code', { code: 'validation.duplicateCode' });

function takeDefault(ctx: DemoContext, companyId: string, exceptId?: string) {
  for (const s of ctx.db.stores) if (s.companyId === companyId && s.id !== exceptId && s.defaultActivationStore) Object.assign(s, { defaultActivationStore: false, updatedAt: stamp() });
}

export function createStore(ctx: DemoContext, data: unknown): StoreRecord {
  const { companyId } = ctx.require('privative/stores', 'create');
  const instance = storesPath(companyId);
  const body = parseOr400(storeSchema, data, instance);
  if (ctx.db.stores.some((s) => s.companyId === companyId && s.code === body.code)) throw duplicateStoreCode(instance);
  if (body.defaultActivationStore) takeDefault(ctx, companyId);
  const record: StoreRecord = { id: ctx.db.newId(KIND.store), companyId, ...body, createdAt: stamp(), updatedAt: stamp() };
  ctx.db.stores.push(record);
  return { ...record };
}

export function updateStore(ctx: DemoContext, id: Identifier, data: unknown): StoreRecord {
  const { companyId } = ctx.require('privative/stores', 'edit');
  const instance = `${storesPath(companyId)}/${String(id)}`;
  const current = storeOr404(ctx, companyId, id);
  const { id: _id, companyId: _c, createdAt: _cr, updatedAt: _u, ...fields } = (data ?? {}) as Record<string, unknown>;
  const body = parseOr400(storeSchema, fields, instance);
  if (ctx.db.stores.some((s) => s.companyId === companyId && s.code === body.code && s.id !== current.id)) throw duplicateStoreCode(instance);
  if (body.defaultActivationStore) takeDefault(ctx, companyId, current.id);
  Object.assign(current, body, { updatedAt: stamp() });
  return { ...current };
}

export function deleteStore(ctx: DemoContext, id: Identifier): StoreRecord {
  const { companyId } = ctx.require('privative/stores', 'delete');
  const instance = `${storesPath(companyId)}/${String(id)}`;
  const current = storeOr404(ctx, companyId, id);
  if (ctx.db.cards.some((c) => c.storeId === current.id) || ctx.db.transactions.some((t) => t.storeId === current.id)) {
    throw apiError(409, 'STORE_IN_USE', instance, 'Gift cards or transactions refer to this store');
  }
  ctx.db.stores.splice(ctx.db.stores.indexOf(current), 1);
  return { ...current };
}

const unreadable = (instance: string, detail: string) => apiError(400, 'FILE_UNREADABLE', instance, detail, { file: 'validation.fileUnreadable' });

/** The server's import: every line checked with the form's rules; good lines saved, bad ones reported. */
export async function importStores(ctx: DemoContext, file: File): Promise<StoreImportResult> {
  const { companyId } = ctx.require('privative/stores', 'import');
  const instance = `${storesPath(companyId)}/import`;
  if (file.size > MAX_UPLOAD_BYTES) throw apiError(413, 'FILE_TOO_LARGE', instance, 'The file is larger than 5 MB', { file: 'validation.fileTooLarge' });
  const bytes = await readBytes(file);
  if (bytes.length === 0) throw unreadable(instance, 'The file is empty');
  if (bytes.includes(0)) throw unreadable(instance, 'The file is not a text CSV');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable(instance, 'The file is not UTF-8 text');
  }
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t'] });
  const [header, ...lines] = parsed.data;
  const names = (header ?? []).map((h) => h.trim());
  const index = Object.fromEntries(STORE_IMPORT_COLUMNS.map((c) => [c, names.findIndex((n) => n.toLowerCase() === c.toLowerCase())]));
  if (index.code < 0 || index.name < 0 || index.storeCategoryId < 0) throw unreadable(instance, `The first line must name the columns ${STORE_IMPORT_COLUMNS.join(';')}`);
  const cell = (line: string[], column: string) => (index[column] >= 0 ? (line[index[column]] ?? '') : '');
  const failed: StoreImportFailure[] = [];
  const seen = new Set<string>();
  let created = 0;
  lines.forEach((line, i) => {
    const row = i + 2;
    const storeCode = cell(line, 'code').trim();
    const flag = parseCsvFlag(cell(line, 'defaultActivationStore'));
    if (flag === null) {
      failed.push({ row, storeCode, code: 'VALIDATION_ERROR', field: 'defaultActivationStore', message: 'validation.invalid' });
      return;
    }
    const result = storeSchema.safeParse({ code: cell(line, 'code'), name: cell(line, 'name'), storeCategoryId: cell(line, 'storeCategoryId'), defaultActivationStore: flag });
    if (!result.success) {
      const issue = result.error.issues[0];
      failed.push({ row, storeCode, code: 'VALIDATION_ERROR', field: String(issue.path[0] ?? ''), message: issue.message.startsWith('validation.') ? issue.message : 'validation.invalid' });
      return;
    }
    const values = result.data;
    if (seen.has(values.code) || ctx.db.stores.some((s) => s.companyId === companyId && s.code === values.code)) {
      failed.push({ row, storeCode, code: 'DUPLICATE_CODE', field: 'code', message: 'errors.codes.DUPLICATE_CODE' });
      return;
    }
    seen.add(values.code);
    if (values.defaultActivationStore) takeDefault(ctx, companyId);
    ctx.db.stores.push({ id: ctx.db.newId(KIND.store), companyId, ...values, createdAt: stamp(), updatedAt: stamp() });
    created += 1;
  });
  return { created, failed };
}

export const storeImportTemplate = () => new Blob([STORE_IMPORT_TEMPLATE], { type: 'text/csv;charset=utf-8' });

// ---------------------------------------------------------------- companies (below the session's company)

const companiesPath = (companyId: string) => `/api/company/${companyId}/companies`;

export function listCompanies(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<CompanyRecord> {
  const { companyId, companyIds } = ctx.require('privative-orders/companies', 'list');
  const instance = companiesPath(companyId);
  const f = parseOr400(companyFilter, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, COMPANY_SORT_FIELDS, { field: 'companyName', order: 'ASC' }, instance);
  const rows = ctx.db.companies.filter(
    (c) =>
      companyIds.has(c.id) &&
      c.id !== companyId &&
      (!f.q || contains(c.companyName, f.q) || contains(c.code, f.q) || contains(c.businessName, f.q) || contains(c.vatNumber, f.q)) &&
      (!f.parentId || c.parentId === f.parentId) &&
      (!f.id || f.id.includes(c.id)),
  );
  return page(sortRows(rows, (c) => c[sort.field], sort.order), params.pagination, instance, (c) => ({ ...c }), false);
}

function companyOr404(ctx: DemoContext, action: string, id: Identifier) {
  const who = ctx.require('privative-orders/companies', action);
  const found = ctx.db.companies.find((c) => c.id === String(id) && who.companyIds.has(c.id));
  if (!found) throw notFound(`${companiesPath(who.companyId)}/${String(id)}`);
  return { ...who, company: found, instance: `${companiesPath(who.companyId)}/${String(id)}` };
}

export const getCompany = (ctx: DemoContext, id: Identifier): CompanyRecord => ({ ...companyOr404(ctx, 'show', id).company });

function companyValues(ctx: DemoContext, data: unknown, instance: string, companyIds: Set<string>, exceptId?: string) {
  const { id: _i, parentName: _p, isProvider: _ip, hasLogo: _h, referent: _r, createdAt: _c, updatedAt: _u, ...fields } = (data ?? {}) as Record<string, unknown>;
  const body = parseOr400(companyBodySchema, fields, instance);
  if (body.parentId && (!companyIds.has(body.parentId) || body.parentId === exceptId)) throw apiError(400, 'VALIDATION_ERROR', instance, 'The parent company is not valid', { parentId: 'validation.invalid' });
  if (ctx.db.companies.some((c) => c.id !== exceptId && (c.code ?? '').toLowerCase() === body.code.toLowerCase())) {
    throw apiError(409, 'DUPLICATE_CODE', instance, 'Another company already uses this code', { code: 'validation.duplicateCode' });
  }
  return body;
}

export function createCompany(ctx: DemoContext, data: unknown): CompanyRecord {
  const { companyId, companyIds } = ctx.require('privative-orders/companies', 'create');
  const body = companyValues(ctx, data, companiesPath(companyId), companyIds);
  const parentId = body.parentId ?? companyId;
  const record: CompanyRecord = {
    ...body,
    id: ctx.db.newId(KIND.company),
    parentId,
    parentName: ctx.db.companies.find((c) => c.id === parentId)?.companyName ?? null,
    isProvider: false,
    hasLogo: false,
    referent: null,
    createdAt: stamp(),
    updatedAt: stamp(),
  };
  ctx.db.companies.push(record);
  return { ...record };
}

export function updateCompany(ctx: DemoContext, id: Identifier, data: unknown): CompanyRecord {
  const { company, companyIds, instance } = companyOr404(ctx, 'edit', id);
  const body = companyValues(ctx, data, instance, companyIds, company.id);
  const parentId = body.parentId ?? company.parentId;
  Object.assign(company, body, { parentId, parentName: ctx.db.companies.find((c) => c.id === parentId)?.companyName ?? null, updatedAt: stamp() });
  return { ...company };
}

export function deleteCompany(ctx: DemoContext, id: Identifier): CompanyRecord {
  const { company, instance } = companyOr404(ctx, 'delete', id);
  const used = [
    ctx.db.users.some((u) => u.companyId === company.id) && 'users',
    ctx.db.companies.some((c) => c.parentId === company.id) && 'companies',
    ctx.db.stores.some((s) => s.companyId === company.id) && 'stores',
    ctx.db.cards.some((c) => c.companyId === company.id) && 'cards',
  ].filter((kind): kind is string => Boolean(kind));
  if (used.length > 0) {
    throw apiError(409, 'COMPANY_IN_USE', instance, `The company still has ${used.join(', ')}`, Object.fromEntries(used.map((kind) => [kind, `companies.inUse.${kind}`])));
  }
  ctx.db.companies.splice(ctx.db.companies.indexOf(company), 1);
  return { ...company };
}

const emailExists = (instance: string) => apiError(409, 'EMAIL_EXISTS', instance, 'Another account already uses this e-mail', { email: 'validation.emailExists' });
const emailTaken = (users: DemoUser[], email: string, exceptId?: string) => users.some((u) => u.id !== exceptId && u.email.toLowerCase() === email.trim().toLowerCase());

export function saveReferent(ctx: DemoContext, id: Identifier, input: ReferentInput): CompanyRecord {
  const { company, instance } = companyOr404(ctx, 'edit', id);
  const body = parseOr400(referentSchema, input, `${instance}/referent`);
  const existing = company.referent ? ctx.db.users.find((u) => u.id === company.referent!.id) : undefined;
  if (emailTaken(ctx.db.users, body.email, existing?.id)) throw emailExists(`${instance}/referent`);
  const user: DemoUser = existing ?? { id: ctx.db.newId(KIND.user), password: null, role: 'REFERENT', status: 'PENDING_ACTIVATION', companyId: company.id, permissions: {}, language: 'it', createdAt: stamp(), ...body };
  Object.assign(user, body);
  if (!existing) ctx.db.users.push(user);
  company.referent = { id: user.id, firstName: user.firstName, lastName: user.lastName, phoneCountry: user.phoneCountry, phone: user.phone, email: user.email, status: user.status };
  company.updatedAt = stamp();
  return { ...company };
}

/** As the server: a never-activated referent is deleted, an active one disabled; never one's own account. */
export function removeReferent(ctx: DemoContext, id: Identifier): CompanyRecord {
  const { company, instance } = companyOr404(ctx, 'edit', id);
  const path = `${instance}/referent`;
  const user = company.referent ? ctx.db.users.find((u) => u.id === company.referent!.id) : undefined;
  if (!user) throw apiError(404, 'NOT_FOUND', path, 'The company has no referent');
  if (user.id === ctx.actor().user.id) throw apiError(409, 'CONFLICT', path, 'You cannot remove your own account');
  if (user.status === 'PENDING_ACTIVATION') ctx.db.users.splice(ctx.db.users.indexOf(user), 1);
  else user.status = 'DISABLED';
  company.referent = null;
  company.updatedAt = stamp();
  return { ...company };
}

/** What the file's own first bytes say it is (never trust the declared type alone). */
function sniffImage(data: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return data.length >= png.length && png.every((b, i) => data[i] === b) ? 'image/png' : null;
}

export async function uploadLogo(ctx: DemoContext, id: Identifier, file: File): Promise<CompanyRecord> {
  const { company, instance } = companyOr404(ctx, 'logo', id);
  const path = `${instance}/logo`;
  if (file.size > MAX_UPLOAD_BYTES) throw apiError(413, 'FILE_TOO_LARGE', path, 'The file is larger than 5 MB', { file: 'validation.fileTooLarge' });
  const declared = file.type === 'image/jpg' ? 'image/jpeg' : file.type.toLowerCase();
  if (!(LOGO_TYPES as readonly string[]).includes(declared)) throw apiError(415, 'FILE_TYPE_NOT_ALLOWED', path, 'The logo must be a JPEG or PNG image', { file: 'validation.fileType' });
  const bytes = await readBytes(file);
  if (sniffImage(bytes) !== declared) throw apiError(415, 'FILE_TYPE_NOT_ALLOWED', path, 'The file content is not the declared JPEG or PNG image', { file: 'validation.fileType' });
  ctx.db.logos.set(company.id, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: declared }));
  Object.assign(company, { hasLogo: true, updatedAt: stamp() });
  return { ...company };
}

export function companyLogo(ctx: DemoContext, id: Identifier): Blob {
  const { company, instance } = companyOr404(ctx, 'show', id);
  const logo = ctx.db.logos.get(company.id);
  if (!logo) throw notFound(`${instance}/logo`, 'The company has no logo');
  return logo;
}

// ---------------------------------------------------------------- operators (in the session's subtree)

const operatorsPath = (companyId: string) => `/api/company/${companyId}/operators`;

function operatorRecord(ctx: DemoContext, user: DemoUser): OperatorRecord {
  const { id, companyId, firstName, lastName, email, phoneCountry, phone, role, status, createdAt } = user;
  return { id, companyId, companyName: ctx.db.companies.find((c) => c.id === companyId)?.companyName ?? '', firstName, lastName, email, phoneCountry, phone, role, status, createdAt };
}

export function listOperators(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<OperatorRecord> {
  const { companyId, companyIds } = ctx.require('privative-orders/operators', 'list');
  const instance = operatorsPath(companyId);
  const f = parseOr400(operatorFilter, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, OPERATOR_SORT_FIELDS, { field: 'lastName', order: 'ASC' }, instance);
  const rows = ctx.db.users
    .filter(
      (u) =>
        u.role === 'OPERATOR' &&
        companyIds.has(u.companyId) &&
        (!f.q || contains(u.firstName, f.q) || contains(u.lastName, f.q) || contains(u.email, f.q)) &&
        (!f.companyId || u.companyId === f.companyId) &&
        (!f.status || u.status === f.status),
    )
    .map((u) => operatorRecord(ctx, u));
  return page(sortRows(rows, (o) => o[sort.field], sort.order), params.pagination, instance, (o) => o, false);
}

function operatorOr404(ctx: DemoContext, action: string, id: Identifier) {
  const who = ctx.require('privative-orders/operators', action);
  const found = ctx.db.users.find((u) => u.id === String(id) && u.role === 'OPERATOR' && who.companyIds.has(u.companyId));
  if (!found) throw notFound(`${operatorsPath(who.companyId)}/${String(id)}`);
  return { ...who, operator: found, instance: `${operatorsPath(who.companyId)}/${String(id)}` };
}

export const getOperator = (ctx: DemoContext, id: Identifier) => operatorRecord(ctx, operatorOr404(ctx, 'show', id).operator);

const operatorFields = (data: unknown) => {
  const { firstName, lastName, phoneCountry, phone, email, companyId } = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries({ firstName, lastName, phoneCountry, phone, email, companyId }).filter(([, v]) => v !== undefined && v !== null && v !== ''));
};

export function createOperator(ctx: DemoContext, data: unknown): OperatorRecord {
  const { companyId, companyIds } = ctx.require('privative-orders/operators', 'create');
  const instance = operatorsPath(companyId);
  const body = parseOr400(operatorCreateSchema, operatorFields(data), instance);
  const target = body.companyId ?? companyId;
  if (!companyIds.has(target)) throw apiError(400, 'VALIDATION_ERROR', instance, 'The company is not valid', { companyId: 'validation.invalid' });
  if (emailTaken(ctx.db.users, body.email)) throw emailExists(instance);
  const { companyId: _c, ...contact } = body;
  const user: DemoUser = { id: ctx.db.newId(KIND.user), password: null, role: 'OPERATOR', status: 'PENDING_ACTIVATION', companyId: target, permissions: {}, language: 'it', createdAt: stamp(), ...contact };
  ctx.db.users.push(user);
  return operatorRecord(ctx, user);
}

export function updateOperator(ctx: DemoContext, id: Identifier, data: unknown): OperatorRecord {
  const { operator, instance } = operatorOr404(ctx, 'edit', id);
  const { companyId: _c, ...fields } = operatorFields(data);
  const body = parseOr400(operatorUpdateSchema, fields, instance);
  if (emailTaken(ctx.db.users, body.email, operator.id)) throw emailExists(instance);
  Object.assign(operator, body);
  return operatorRecord(ctx, operator);
}

/** Delete disables the operator (as the API does); nobody disables their own account. */
export function disableOperator(ctx: DemoContext, id: Identifier): OperatorRecord {
  const { operator, instance, user } = operatorOr404(ctx, 'delete', id);
  if (operator.id === user.id) throw apiError(409, 'CONFLICT', instance, 'You cannot disable your own account');
  operator.status = 'DISABLED';
  return operatorRecord(ctx, operator);
}

// ---------------------------------------------------------------- catalog

export function listTypologies(ctx: DemoContext): GetListResult<Typology> {
  const { companyIds } = ctx.require('privative/typologies', 'list');
  const data = ctx.db.typologies.filter((t) => t.companyId === null || companyIds.has(t.companyId)).map((t) => ({ ...t }));
  return { data, total: data.length };
}
