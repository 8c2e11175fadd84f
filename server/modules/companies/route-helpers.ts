import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { PermissionKey } from '../../../domain/permissions';
import { ApiError } from '../../lib/errors';

/**
 * The ra-data-simple-rest list parameters (DESIGN §4): `filter` (JSON object), `sort`
 * (`["field","ASC"]`), `range` (`[start,end]`). Each list names the filters and sort fields it
 * knows; anything else is a 400, so a typo never silently lists everything.
 */
export const listQuerySchema = z.object({
  filter: z.string().max(2000).optional(),
  sort: z.string().max(200).optional(),
  range: z.string().max(100).optional(),
});
export type ListQueryString = z.infer<typeof listQuerySchema>;

export interface ListParams<F, S extends string> {
  filter: F;
  sort: { field: S; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

/** Pages are capped: a client cannot ask for an unbounded page. */
export const MAX_PAGE = 100;

function parseJson(text: string | undefined, fallback: unknown): unknown {
  if (text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('invalid');
  }
}

const invalid = (field: string) => new ApiError(400, 'VALIDATION_ERROR', `The ${field} parameter is not valid`, { [field]: 'validation.invalid' });

export function parseListQuery<F extends z.ZodType, S extends string>(
  query: ListQueryString,
  filterSchema: F,
  sortFields: readonly S[],
  defaultSort: { field: S; order: 'ASC' | 'DESC' },
): ListParams<z.infer<F>, S> {
  const filter = filterSchema.safeParse(parseJson(query.filter, {}));
  if (!filter.success) throw invalid('filter');

  const sortRaw = parseJson(query.sort, [defaultSort.field, defaultSort.order]);
  const sort = z.tuple([z.enum(sortFields as unknown as [S, ...S[]]), z.enum(['ASC', 'DESC'])]).safeParse(sortRaw);
  if (!sort.success) throw invalid('sort');

  const rangeRaw = parseJson(query.range, [0, 24]);
  const range = z.tuple([z.number().int().min(0), z.number().int().min(0)]).safeParse(rangeRaw);
  if (!range.success || range.data[1] < range.data[0]) throw invalid('range');
  const [start, end] = range.data;
  return {
    filter: filter.data,
    sort: { field: sort.data[0], order: sort.data[1] },
    offset: start,
    limit: Math.min(end - start + 1, MAX_PAGE),
  };
}

/** `Content-Range: <resource> s-e/total` and the JSON array body. */
export function sendList<T>(reply: FastifyReply, resource: string, offset: number, rows: T[], total: number) {
  const end = rows.length > 0 ? offset + rows.length - 1 : offset;
  reply.header('Content-Range', `${resource} ${offset}-${end}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return rows;
}

/**
 * Every company-scoped route: the permission flag first (403), then `{companyId}` in the caller's
 * scope (404, so other trees learn nothing).
 */
export function scopeGuards(app: FastifyInstance, key: PermissionKey): preHandlerAsyncHookHandler[] {
  const inScope: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    await app.assertCompanyInScope(request, (request.params as { companyId: string }).companyId);
  };
  return [app.requirePermission(key), inScope];
}
