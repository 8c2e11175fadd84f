/**
 * `Content-Range: <resource> <start>-<end>/<total|*>` (ra-data-simple-rest convention). An
 * exact total is given only where it is cheap (DESIGN.md §4); with `*` the list knows only
 * whether a next page exists, which is what its load-more button needs.
 */
export function parseContentRange(header: string | null, pageLength: number, requestedEnd: number) {
  const match = header?.match(/(\d+)-(\d+)\/(\d+|\*)$/);
  if (match && match[3] !== '*') return { total: Number(match[3]) };
  // no exact total: a full page suggests there may be more
  return { pageInfo: { hasNextPage: pageLength > requestedEnd, hasPreviousPage: false } };
}
