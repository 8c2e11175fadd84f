import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOURNEYS_APART } from './tests/e2e/support/lanes';

/**
 * End-to-end journeys in Debian's Chromium against the real server (`npm start`'s code path)
 * on a fresh data folder. E-mail goes over SMTP to a capture server the tests read
 * (tests/e2e/support/mailbox.ts), so the e-mailed links are exercised for real.
 */
process.env.TESSERA_E2E_DIR ??= mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
const runDir = process.env.TESSERA_E2E_DIR;
const port = Number(process.env.E2E_PORT ?? 8181);
const demoPort = Number(process.env.E2E_DEMO_PORT ?? 8282);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
// the dashboard's Power BI journey: a second server configured for Power BI, whose Entra and REST
// endpoints are the local stand-in (tests/e2e/dashboard.spec.ts)
const powerBiPort = Number(process.env.E2E_POWERBI_PORT ?? 8383);
const standInPort = Number(process.env.E2E_POWERBI_STANDIN_PORT ?? 8384);
process.env.E2E_POWERBI_PORT = String(powerBiPort);
process.env.E2E_POWERBI_STANDIN_PORT = String(standInPort);
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_MAILBOX = join(runDir, 'mailbox');
const SCREENS = /(accessibility|demo)\.spec\.ts$/;
const APART = new RegExp(`/(${JOURNEYS_APART.join('|')})\\.spec\\.ts$`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // two workers (two cores). The server journeys run in two lanes, each one file after another
  // (they share accounts, records and the server's clock: tests/e2e/support/lanes.ts says what each
  // lane holds and why the two share nothing), the two lanes side by side. The demo build's tests,
  // whose data lives in each browser page, come after them: when a lane is done its worker takes
  // them, so neither worker waits for the other at the end.
  workers: 2,
  projects: [
    { name: 'journeys', testIgnore: [SCREENS, APART], workers: 1 },
    { name: 'journeys-apart', testMatch: APART, workers: 1 },
    // each test here has its own browser page, hence its own demo data: any two can run at once
    { name: 'screens', testMatch: SCREENS, fullyParallel: true, workers: 2 },
  ],
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    // tests/e2e/support/a11y.ts injects axe-core as a script tag, which the app's CSP would refuse
    bypassCSP: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // what `npm start` runs: stale builds rebuilt, then the compiled server
      command: 'node scripts/start.mjs',
      url: `http://localhost:${port}/config.js`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: join(runDir, 'data'),
        PUBLIC_URL: `http://localhost:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Tessera <no-reply@tessera.test>',
        APP_ENV: 'dev',
        DATABASE_URL: '',
        // the reloads journey moves the server's business clock to a planned run's hour (POST /api/test/clock)
        TEST_CLOCK: '1',
        JOBS_POLL_INTERVAL_MS: '250',
        // every journey signs in as the same few demo users and mails the same inboxes, one after
        // another for twenty minutes: more than one person could ask in a window. The limits
        // themselves are proven in server/work-limits.test.ts.
        WORK_MAX_PER_USER: '1000',
        WORK_MAX_PER_COMPANY: '1000',
        MAIL_MAX_PER_USER: '1000',
        MAIL_MAX_PER_COMPANY: '1000',
        MAIL_MAX_PER_RECIPIENT: '1000',
      },
    },
    // demo mode (tests/e2e/demo.spec.ts): the static demo build on a plain file server; its API runs in the browser
    {
      command: `npm run build:demo && node scripts/serve-static.mjs dist-demo ${demoPort}`,
      url: `http://localhost:${demoPort}/index.html`,
      // the build first makes the demo's database (migrations, seed, its queued jobs run: ≈20 s)
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx server/test/powerbi-stand-in.ts ${standInPort}`,
      url: `http://127.0.0.1:${standInPort}/reportEmbed?reportId=ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // embed tokens living 10 min 20 s: the page renews them 20 s after embedding
      env: { POWERBI_STANDIN_EMBED_SECONDS: '620', POWERBI_STANDIN_EMBED_BASE_URL: 'https://app.powerbi.com' },
    },
    {
      // the first server's build, run as a second server (playwright starts these one after the
      // other, so the build is there): its own data, Power BI configured against the stand-in
      command: 'node dist-server/main.js',
      url: `http://localhost:${powerBiPort}/config.js`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(powerBiPort),
        DATA_DIR: join(runDir, 'data-powerbi'),
        PUBLIC_URL: `http://localhost:${powerBiPort}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Tessera <no-reply@tessera.test>',
        APP_ENV: 'dev',
        DATABASE_URL: '',
        POWERBI_TENANT_ID: 'stand-in-tenant',
        POWERBI_CLIENT_ID: 'stand-in-client',
        POWERBI_CLIENT_SECRET: 'stand-in-secret',
        POWERBI_WORKSPACE_ID: 'stand-in-workspace',
        POWERBI_REPORT_BASE_ID: 'report-base',
        POWERBI_REPORT_PREMIUM_ID: 'report-premium',
        POWERBI_AUTHORITY_URL: `http://127.0.0.1:${standInPort}`,
        POWERBI_API_URL: `http://127.0.0.1:${standInPort}`,
      },
    },
  ],
});
