/** The react-admin resources of the reload screens (names = SPEC paths, domain/access.ts keys). */
export const RUNS = 'reloadables/reloads';
export const RUN_ROWS = 'reloadables/reload-rows';
export const QUEUE = 'reloadables/queue-reloads';
export const HISTORY = 'reloadables/reloads-history';
export const CARDS = 'reloadables/cards';
