import { setupServer } from 'msw/node';

/** One msw server for the SPA tests; each test installs its handlers with `server.use`. */
export const server = setupServer();
