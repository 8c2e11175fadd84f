/**
 * The server journeys run in two lanes beside each other (playwright.config.ts): each lane one
 * file after another, the two lanes at once against the same server, then both workers take the
 * demo build's tests. A file's lane holds what it shares with the files of its own lane; it shares
 * nothing with the other lane's:
 *
 * - `journeys` — Acme's gift cards and their ledger, and the server's business clock: gift cards
 *   (locks the first active cards, reloads, consumes), integration (a till consumes and returns on
 *   an Acme card), order outcomes and orders (Acme's cards issued, activated, spent on), the order
 *   wizard and order outcomes (both draw the provider's first Gift Card 50 € in stock), exports
 *   (the list's cards against the file's), languages (the first active card of the list),
 *   reports (today's balances total what the cards hold: no money may move meanwhile), and the
 *   two journeys that move the business clock forward (reloadables to 08:00 tomorrow, square's
 *   busy mail server past its retry time; square waits to see that retry pending).
 * - `journeys-apart` — what touches none of that: batches (the provider's own batch), companies
 *   and stores (a new company, stores imported, every menu's lists read), dashboard (charts read;
 *   Power BI on its own server), foundation, tickets (a ticket of its own), users (a colleague of
 *   its own). Their e-mails go to addresses of their own, or are found by a link of their own.
 *
 * One thing crosses the lanes: foundation changes admin@tessera.test's password for a while, which
 * also ends every other session of the admin (server/modules/account/service.ts changePassword). The
 * journeys of the other lane that sign in as the admin hold {@link ADMIN_PASSWORD} with it, so
 * Playwright never runs them at the same time (test locks); the lane's other files go on meanwhile,
 * so a lane's files may run in another order than their names': none counts on the order.
 */
export const ADMIN_PASSWORD = 'admin@tessera.test password';

/**
 * The files of the second lane; every other server journey is in the first (a new file too, until
 * it is shown to share nothing with the first lane's).
 */
export const JOURNEYS_APART = ['batches', 'companies-stores', 'dashboard', 'foundation', 'tickets', 'users'];
