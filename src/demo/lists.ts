import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import { MAX_PAGE_SIZE } from '../../domain/giftcards';
import { apiError } from './errors';

/**
 * List paging and sorting as the API's list-query module: a sort field outside the list's
 * whitelist is a 400, a page holds at most MAX_PAGE_SIZE rows. `open` lists (cards,
 * transactions) give an exact total only on their last page, like `Content-Range: …/*`.
 */
export function sortParam<S extends string>(
  sort: GetListParams['sort'] | undefined,
  fields: readonly S[],
  fallback: { field: S; order: 'ASC' | 'DESC' },
  instance: string,
): { field: S; order: 'ASC' | 'DESC' } {
  if (!sort?.field) return fallback;
  const order = sort.order === 'DESC' ? 'DESC' : sort.order === 'ASC' ? 'ASC' : null;
  if (!(fields as readonly string[]).includes(sort.field) || !order) throw apiError(400, 'VALIDATION_ERROR', instance, 'The request is not valid', { sort: 'validation.invalid' });
  return { field: sort.field as S, order };
}

export function page<Row, Out extends RaRecord>(
  rows: Row[],
  pagination: GetListParams['pagination'] | undefined,
  _instance: string,
  toRecord: (row: Row) => Out,
  open: boolean,
): GetListResult<Out> {
  const perPage = pagination?.perPage ?? 25;
  const offset = ((pagination?.page ?? 1) - 1) * perPage;
  const limit = Math.min(perPage, MAX_PAGE_SIZE);
  const data = rows.slice(offset, offset + limit).map(toRecord);
  const more = rows.length > offset + limit;
  if (open && more) return { data, pageInfo: { hasNextPage: true, hasPreviousPage: offset > 0 } };
  return { data, total: open ? offset + data.length : rows.length };
}

/** Case-insensitive "contains" of the API's `ilike '%q%'`. */
export const contains = (value: string | null | undefined, q: string) => (value ?? '').toLowerCase().includes(q.toLowerCase());

/** Sort rows by a field (then id), as the registry lists do. */
export function sortRows<T extends { id: string }>(rows: T[], value: (row: T) => string | number | null, order: 'ASC' | 'DESC'): T[] {
  const dir = order === 'ASC' ? 1 : -1;
  return rows.sort((a, b) => {
    const va = value(a) ?? '';
    const vb = value(b) ?? '';
    if (va !== vb) return (typeof va === 'string' && typeof vb === 'string' ? va.localeCompare(vb) : va < vb ? -1 : 1) * dir;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
