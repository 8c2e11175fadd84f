import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { issuesToErrors } from '../../domain/errors';
import { sortFields, type FieldSet } from '../../domain/fields';
import { MAX_PAGE_SIZE } from '../../domain/giftcards';
import { maxLengthMessage } from '../../domain/messages';
import { ApiError } from './errors';
import { findRefusedText, textRefused } from './nul';
import { decodeCursor, encodeCursor, type KeyedRows, type KeyPosition } from './keyset';

/**
 * ra-data-simple-rest list parameters of every list route (DESIGN §4): `filter` (JSON object),
 * `sort` (`["field","ASC"]`, from the list's own whitelist of indexed fields), `range`
 * (`[start,end]`, at most MAX_PAGE_SIZE rows). A bad filter answers 400 with the filter's own
 * field errors, so the SPA can mark the filter input; a typo never silently lists everything.
 */
export const listQuerySchema = z
  .object({
    filter: z.string().max(4000, maxLengthMessage(4000)).optional(),
    sort: z.string().max(200, maxLengthMessage(200)).optional(),
    range: z.string().max(100, maxLengthMessage(100)).optional(),
    cursor: z.string().max(1000, maxLengthMessage(1000)).optional().describe('Next-Cursor of the previous page (same filter and sort): the page starts right after its last row, whatever `range` says'),
  })
  .strict();
export type ListQueryString = z.infer<typeof listQuerySchema>;

/**
 * The sort every list accepts: react-admin asks a list it was given no sort for in `["id","DESC"]`
 * (a <ReferenceInput>, a <List> without `sort`), so each orders by its records' id too, both ways.
 */
export const ID_SORT = 'id';

/** The list query of a route whose sorts are `sorts`: the same parameters, the accepted sort fields written in the OpenAPI description. */
export const listQueryOf = (sorts: readonly string[]) => {
  // checked when the route is declared: a list refusing react-admin's default sort never starts
  if (!sorts.includes(ID_SORT)) throw new Error(`a list's sorts must include ${ID_SORT}: ${sorts.join(', ')}`);
  return listQuerySchema.extend({ sort: listQuerySchema.shape.sort.describe(`JSON ["field","ASC"|"DESC"]; field: ${sorts.join(', ')}`) });
};

/**
 * The sorts a declared list accepts: what its field declaration (domain) makes sortable, and the
 * id (ID_SORT), each of which the repository must be able to order by (`orderable`: its sort columns). A declared sort
 * the repository cannot order by stops the server at start, so the SPA never offers a sort the
 * API refuses.
 */
export function declaredSorts<K extends string>(set: FieldSet, orderable: readonly K[] | Readonly<Record<K, unknown>>): K[] {
  const known: readonly string[] = Array.isArray(orderable) ? orderable : Object.keys(orderable);
  const sorts = [...new Set([...sortFields(set), ID_SORT])];
  const missing = sorts.filter((field) => !known.includes(field));
  if (missing.length > 0) throw new Error(`${set.resource}: sortable but not orderable by its repository: ${missing.join(', ')}`);
  return sorts as K[];
}

/** A declared list's sorts (`declaredSorts`) and its default order, the declaration's `sort`: what the list opens in is what the API answers a request that names none. */
export function declaredOrder<K extends string>(set: FieldSet, orderable: readonly K[] | Readonly<Record<K, unknown>>): { sortFields: K[]; defaultSort: { field: K; order: 'ASC' | 'DESC' } } {
  if (!set.sort) throw new Error(`${set.resource}: no default sort declared`);
  return { sortFields: declaredSorts(set, orderable), defaultSort: set.sort as { field: K; order: 'ASC' | 'DESC' } };
}

export interface ListParams<F, S extends string> {
  filter: F;
  sort: { field: S; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  /** the previous page's last row (a `cursor` the client sent back): the page starts after it */
  after?: KeyPosition;
}

const INVALID = Symbol('invalid');
function parseJson(text: string | undefined, fallback: unknown): unknown {
  if (text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

const invalid = (errors: Record<string, string>) => new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', errors);


export function parseFilter<F extends z.ZodType>(text: string | undefined, schema: F): z.output<F> {
  const raw = parseJson(text, {});
  if (raw === INVALID) throw invalid({ filter: 'validation.invalid' });
  // a character written as \u0000 or \u202e inside the JSON passes the server-wide guard (plugins/input-guard.ts): refused here, on the filter's field
  const refused = findRefusedText(raw, '', true);
  if (refused) throw textRefused(refused.field || 'filter', refused.message);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalid(issuesToErrors(parsed.error.issues));
  return parsed.data;
}

export function parseListQuery<F extends z.ZodType, S extends string>(
  query: ListQueryString,
  filterSchema: F,
  sortFields: readonly S[],
  defaultSort: { field: S; order: 'ASC' | 'DESC' },
): ListParams<z.output<F>, S> {
  const filter = parseFilter(query.filter, filterSchema);
  const sort = z
    .tuple([z.enum(sortFields as unknown as [S, ...S[]]), z.enum(['ASC', 'DESC'])])
    .safeParse(parseJson(query.sort, [defaultSort.field, defaultSort.order]));
  if (!sort.success) throw invalid({ sort: 'validation.invalid' });
  const range = z
    .tuple([z.number().int().min(0).max(10_000_000), z.number().int().min(0).max(10_000_000)])
    .safeParse(parseJson(query.range, [0, 24]));
  if (!range.success || range.data[1] < range.data[0]) throw invalid({ range: 'validation.invalid' });
  const [start, end] = range.data;
  const order = { field: sort.data[0], order: sort.data[1] };
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, order);
  return { filter, sort: order, offset: start, limit: Math.min(end - start + 1, MAX_PAGE_SIZE), ...(after ? { after: { value: after.value, id: after.id } } : {}) };
}

// `Content-Range: <resource> s-e/total` for lists whose exact total is cheap (small tables). An
// empty page past the first row answers the unsatisfied form, `<resource> */total` (RFC 9110
// §14.4): no range was served, the total is still the real one.
export function sendList<T>(reply: FastifyReply, resource: string, offset: number, rows: T[], total: number): T[] {
  reply.header('Content-Range', rows.length === 0 && offset > 0 ? `${resource} */${total}` : `${resource} ${offset}-${offset + Math.max(rows.length, 1) - 1}/${total}`);
  return rows;
}

/** The header with the cursor of a page's last row (keyset.ts): the client sends it back as `cursor` for the next page. */
export const NEXT_CURSOR_HEADER = 'Next-Cursor';

/**
 * The size of a list's filtered set, exact up to `cap` (the database stops after cap + 1 rows):
 * what an empty page past the end asks for its total, with `cap` its offset (the total is at most
 * that, and the page's own OFFSET scan already read that many rows).
 */
export type CountUpTo = (cap: number) => Promise<number>;

// Lists fetch one row more than the page: when it is there the total is unknown (`*`, the SPA
// shows "load more"); when it is not, the total is exact for free. A page with rows never counts.
// A keyed page (rows with their sort keys) also hands back the cursor of its last row
// (`Next-Cursor`), so the next page continues from it instead of counting past rows again.
//
// An empty page past the first row (a range past the end) says nothing of the total: it answers
// the unsatisfied form `<resource> */total` (RFC 9110 §14.4), the total counted up to the offset
// by `countUpTo` (then the answer is a promise), or `<resource> */*` for a list that cannot count
// (never the offset as the total, which the SPA took for the real one).
export function sendPage<T>(reply: FastifyReply, resource: string, offset: number, limit: number, found: T[] | KeyedRows<T>, sort?: { field: string; order: 'ASC' | 'DESC' }): T[];
export function sendPage<T>(reply: FastifyReply, resource: string, offset: number, limit: number, found: T[] | KeyedRows<T>, sort: { field: string; order: 'ASC' | 'DESC' } | undefined, countUpTo: CountUpTo): T[] | Promise<T[]>;
export function sendPage<T>(reply: FastifyReply, resource: string, offset: number, limit: number, found: T[] | KeyedRows<T>, sort?: { field: string; order: 'ASC' | 'DESC' }, countUpTo?: CountUpTo): T[] | Promise<T[]> {
  const rows = Array.isArray(found) ? found : found.rows;
  if (rows.length === 0 && offset > 0) {
    if (!countUpTo) {
      reply.header('Content-Range', `${resource} */*`);
      return rows;
    }
    return countUpTo(offset).then((total) => {
      reply.header('Content-Range', `${resource} */${Math.min(total, offset)}`);
      return rows;
    });
  }
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const end = page.length > 0 ? offset + page.length - 1 : offset;
  const total = more ? '*' : String(offset + page.length);
  reply.header('Content-Range', `${resource} ${offset}-${end}/${total}`);
  if (more && sort && !Array.isArray(found) && page.length > 0) reply.header(NEXT_CURSOR_HEADER, encodeCursor({ ...sort, ...found.keys[page.length - 1] }));
  return page;
}
