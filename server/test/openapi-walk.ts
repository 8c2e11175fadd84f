/**
 * The walk over the whole API the OpenAPI document describes, shared by the fuzz (server/fuzz.test.ts:
 * hostile input) and the host contract (server/host/contract.test.ts: the server and the in-process
 * host answer alike): its operations, and the real records of the demo data their ids and body
 * fields name, so that a request meets a handler's own work and not only an unknown id.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { baseline, fieldPaths, isOpaque, type BaselineSource, type JsonSchema } from './fuzz-values';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  summary: string;
  access: unknown;
  parameters: Parameter[];
  body: JsonSchema | null;
  /** the headers its 200 answer declares (lower-case) */
  responseHeaders: string[];
}

/** Every operation (path × method) of the document the app serves at /docs/json, in its order. */
export async function documentOperations(app: FastifyInstance): Promise<Operation[]> {
  const docs = await app.inject({ method: 'GET', url: '/docs/json' });
  if (docs.statusCode !== 200) throw new Error(`/docs/json answered ${docs.statusCode}`);
  const spec = docs.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        access: op['x-access'],
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
        responseHeaders: Object.keys((op.responses as Record<string, { headers?: Record<string, unknown> }> | undefined)?.['200']?.headers ?? {}).map((name) => name.toLowerCase()),
      });
    }
  }
  return operations;
}

/** An integration route's operation: its `x-access` names an API key scope. */
export const isIntegration = (op: Operation) => typeof op.access === 'object' && op.access !== null && 'scope' in op.access;

/** A file upload (the document describes no JSON body; its summary says multipart). */
export const isMultipart = (op: Operation) => !op.body && /multipart/i.test(op.summary);

/** The path segment before an id parameter → the table its real ids come from. */
export const ID_TABLES: Record<string, string> = {
  companies: 'companies',
  'sub-companies': 'companies',
  operators: 'users',
  users: 'users',
  stores: 'stores',
  'giftcard/cards': 'gift_cards',
  'giftcard/transactions': 'gift_card_transactions',
  typologies: 'card_typologies',
  batches: 'card_batches',
  'giftcard/orders': 'orders',
  'acquired-orders': 'orders',
  items: 'order_items',
  'reloadable/cards': 'reloadable_cards',
  'reloadable/users': 'reloadable_users',
  reloads: 'reload_runs',
  planned: 'reload_runs',
  history: 'reload_runs',
  'square/orders': 'square_orders',
  codes: 'square_codes',
  communications: 'square_communications',
  'ticket-categories': 'ticket_categories',
  tickets: 'tickets',
  attachments: 'ticket_attachments',
  'report-generated': 'generated_reports',
  'api-keys': 'api_keys',
  'integrated-orders': 'integrated_orders',
  audit: 'audit_log',
};

export function idTable(path: string, param: string): string | null {
  const before = path.slice(0, path.indexOf(`{${param}}`)).replace(/\/$/, '').split('/');
  const last = before.at(-1) ?? '';
  const two = before.slice(-2).join('/');
  return ID_TABLES[two] ?? ID_TABLES[last] ?? null;
}

/** Keys a list filter or a body summary names ("filter {number, dateFrom, …}", "Body: {typologyId, quantity?, …}"). */
export function namedKeys(summary: string, marker: RegExp): string[] {
  const found = marker.exec(summary);
  if (!found) return [];
  return [...new Set([...found[1].matchAll(/([A-Za-z_][A-Za-z0-9_]*)\??\s*[:,}]/g)].map((m) => m[1]))];
}

/** Body fields whose valid values a JSON schema cannot say (a real day ahead, an Italian ZIP…). */
export const KEY_HINTS: Record<string, unknown> = {
  valueCents: 2500,
  amountCents: 1000,
  expirationMonths: 12,
  zip: '20100',
  province: 'MI',
  vatNumber: '12345678903',
  phone: '3330000000',
  phoneCountry: '+39',
  country: 'IT',
  expireDate: '2030-12-31',
  expirationDate: '2030-12-31',
  language: 'it',
  buyerLanguage: 'it',
};

/** Body fields → the real values they name (SQL over the seeded data): the handler then works on real records. */
export const FIELD_POOLS: Record<string, string> = {
  code: 'SELECT code AS v FROM gift_cards ORDER BY id LIMIT 40',
  storeCode: 'SELECT code AS v FROM stores ORDER BY id LIMIT 20',
  typologyId: 'SELECT id::text AS v FROM card_typologies ORDER BY id LIMIT 20',
  subCompanyId: 'SELECT id::text AS v FROM companies WHERE parent_id IS NOT NULL ORDER BY id LIMIT 20',
  companyId: 'SELECT id::text AS v FROM companies WHERE parent_id IS NOT NULL ORDER BY id LIMIT 20',
  parentId: 'SELECT id::text AS v FROM companies ORDER BY id LIMIT 20',
  transactionId: 'SELECT id::text AS v FROM gift_card_transactions ORDER BY id LIMIT 40',
  ids: 'SELECT id::text AS v FROM gift_cards ORDER BY id LIMIT 40',
  storeId: 'SELECT id::text AS v FROM stores ORDER BY id LIMIT 20',
};

export const COMMON_FILTER_KEYS = ['q', 'id', 'companyId', 'dateFrom', 'dateTo', 'state', 'status', 'code', 'createdAt', 'storeId', 'typologyId'];

/** The real records of a seeded database: ids per table, values per body field, every body field the document names. */
export interface RealData {
  ids: Map<string, string[]>;
  fields: Map<string, unknown[]>;
  documentKeys: Set<string>;
  /** a body's values, picked by `salt` from the real ones (or a hint) */
  source(salt: number): BaselineSource;
  /** the id pool of a path parameter of an operation */
  idsFor(op: Operation, param: string): string[];
}

/**
 * Reads the real ids and field values, in a stable order (`ORDER BY id`), leaving out the `spared`
 * ids (the caller's own user, company and key: changing those would turn every later request
 * into a 401).
 */
export async function realData(db: Db, operations: Operation[], spared: Set<string>): Promise<RealData> {
  const ids = new Map<string, string[]>();
  for (const table of new Set(Object.values(ID_TABLES))) {
    const rows = await queryRows<{ id: string }>(db, sql.raw(`SELECT id::text AS id FROM "${table}" ORDER BY id LIMIT 40`));
    ids.set(
      table,
      rows.map((row) => row.id).filter((id) => !spared.has(id)),
    );
  }
  const numbers = await queryRows<{ id: string }>(db, sql`SELECT order_number AS id FROM integrated_orders ORDER BY order_number LIMIT 20`);
  ids.set('integrated_orders.number', numbers.map((row) => row.id));
  const fields = new Map<string, unknown[]>();
  for (const [field, query] of Object.entries(FIELD_POOLS)) fields.set(field, (await queryRows<{ v: unknown }>(db, sql.raw(query))).map((row) => row.v));
  const documentKeys = new Set<string>();
  for (const op of operations) for (const path of fieldPaths(op.body ?? undefined)) documentKeys.add(path.at(-1)!);
  documentKeys.delete('0');
  return {
    ids,
    fields,
    documentKeys,
    source: (salt) => ({
      salt,
      pick: (key) => {
        if (key in KEY_HINTS) return KEY_HINTS[key];
        const values = fields.get(key);
        return values?.length ? values[salt % values.length] : undefined;
      },
    }),
    idsFor(op, param) {
      const table = param === 'orderNumber' ? 'integrated_orders.number' : idTable(op.path, param);
      return table ? (ids.get(table) ?? []) : [];
    },
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Valid values of the query parameters lists and downloads share; any other is sent only when required. */
export const QUERY_VALUES: Record<string, () => string> = {
  filter: () => '{}',
  range: () => '[0,9]',
  tz: () => 'Europe/Rome',
  lang: () => 'it',
  from: () => day(-30),
  to: () => day(0),
};

/** A valid query string for an operation: its list and download parameters, and each required one's baseline. */
export function validQuery(op: Operation): string {
  const parts = op.parameters
    .filter((p) => p.in === 'query' && (p.name in QUERY_VALUES || p.required))
    .map((p) => {
      const value = p.name in QUERY_VALUES ? QUERY_VALUES[p.name]() : baseline(p.schema, p.name);
      return `${p.name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
    });
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * A body built from an operation's schema: its required fields' baselines, and the optional ones
 * a real value or a hint is known for (the ids of a bulk action, a typology's value), so that the
 * request reaches the handler's own work.
 */
export function validBody(op: Operation, source: BaselineSource): unknown {
  const schema: JsonSchema = isOpaque(op.body) ? { type: 'object' } : op.body!;
  const value = baseline(schema, '', source);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out = value as Record<string, unknown>;
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (key in out) continue;
    if (property.type === 'array' && source.pick(key, source.salt) !== undefined) out[key] = [source.pick(key, source.salt)];
    else if (key in KEY_HINTS) out[key] = KEY_HINTS[key];
  }
  return out;
}
