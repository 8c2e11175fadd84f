/**
 * The cursors of the load-more pages a list has shown (server/lib/keyset.ts): a page's answer
 * hands back `Next-Cursor`, and the next page of the same list (same path, filter, sort and page
 * size) sends it as `cursor`, so the server continues after the last row shown instead of
 * counting past the rows again (the cost of a page stays the same at any depth, and rows added or
 * removed meanwhile neither repeat nor go missing). react-admin asks for pages by number; this
 * remembers which cursor page N+1 starts from. A page without one (a list that gives none, or a
 * cursor forgotten) is asked for by its range, as before.
 */
const KEEP = 200;

export interface PageCursors {
  /** the cursor page `page` of the list `list` starts after, if page `page - 1` gave one */
  before(list: string, page: number): string | undefined;
  /** what page `page` answered: the cursor of page `page + 1`, or none (the list ends there) */
  answered(list: string, page: number, next: string | null): void;
}

export function createPageCursors(): PageCursors {
  const cursors = new Map<string, string>();
  const key = (list: string, page: number) => `${page}|${list}`;
  return {
    before: (list, page) => (page > 1 ? cursors.get(key(list, page)) : undefined),
    answered(list, page, next) {
      const at = key(list, page + 1);
      cursors.delete(at);
      if (next === null) return;
      cursors.set(at, next);
      // the oldest first out: a long session browsing many lists keeps a bounded few
      if (cursors.size > KEEP) cursors.delete(cursors.keys().next().value!);
    },
  };
}

/** The identity of a list for its cursors: what makes two page requests pages of one walk. */
export const listIdentity = (path: string, filter: unknown, sort: unknown, perPage: number) => JSON.stringify([path, filter, sort, perPage]);
