import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardEmbedSchema } from '../../../domain/dashboard';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { addCompany, caller, companyIdOf, userWith } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import { startPowerBiStandIn, type PowerBiStandIn } from '../../test/powerbi-stand-in';

/** GET …/dashboard/embed in its three modes, against the Power BI stand-in (Entra and the REST API). */

const SECRET = 'a-very-secret-client-secret';
const powerBiEnv = (standIn: PowerBiStandIn, extra: Record<string, string> = {}) => ({
  POWERBI_TENANT_ID: 'tenant-1',
  POWERBI_CLIENT_ID: 'client-1',
  POWERBI_CLIENT_SECRET: SECRET,
  POWERBI_WORKSPACE_ID: 'workspace-1',
  POWERBI_REPORT_BASE_ID: 'report-base',
  POWERBI_REPORT_PREMIUM_ID: 'report-premium',
  POWERBI_RLS_ROLE: 'CompanyRole',
  POWERBI_AUTHORITY_URL: standIn.url,
  POWERBI_API_URL: standIn.url,
  ...extra,
});

describe.each(DRIVERS)('dashboard embed (%s)', (driver) => {
  let builtin: TestApp;
  let standIn: PowerBiStandIn;
  const apps: TestApp[] = [];
  let rootId: string;
  let childId: string;
  type Who = 'premium' | 'base' | 'reportOnly';
  const emails = (who: Who) => `emb-${who}-${driver}@root.test`;
  const ids: Record<string, string> = {};
  /** each app signs its own access tokens: the callers sign in on the one asked */
  const signedIn = new Map<TestApp, Map<Who, string>>();

  beforeAll(async () => {
    standIn = await startPowerBiStandIn({ clientSecret: SECRET, reportIds: ['report-base', 'report-premium'] });
    builtin = await createTestApp(driver);
    const db = builtin.db.db;
    rootId = await addCompany(db, `EMB-ROOT-${driver}`, await companyIdOf(db, 'TESSERA'));
    childId = await addCompany(db, `EMB-CHILD-${driver}`, rootId);
    await userWith(builtin.app, db, emails('premium'), rootId, ['powerBi.reportPremium']);
    await userWith(builtin.app, db, emails('base'), rootId, ['powerBi.reportBase']);
    await userWith(builtin.app, db, emails('reportOnly'), rootId, ['report']);
    for (const who of ['premium', 'base'] as const) ids[who] = (await db.select({ id: users.id }).from(users).where(eq(users.email, emails(who))))[0].id;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await builtin.close();
    await standIn.close();
  });

  /** an app on the same database configured for the stand-in (its own Power BI client, hence its own token cache) */
  const configured = async (extra: Record<string, string> = {}) => {
    const app = await createTestApp(driver, { db: builtin.db, env: powerBiEnv(standIn, extra) });
    apps.push(app);
    return app;
  };
  const embed = async (app: TestApp, who: Who, companyId = rootId) => {
    const tokens = signedIn.get(app) ?? new Map<Who, string>();
    signedIn.set(app, tokens);
    if (!tokens.has(who)) tokens.set(who, (await login(app.app, emails(who))).accessToken);
    return caller(app.app)(tokens.get(who)!, 'GET', `/api/company/${companyId}/dashboard/embed`);
  };
  const tokenCalls = () => standIn.calls.filter((c) => c.path.endsWith('/oauth2/v2.0/token')).length;

  it('answers the built-in charts when Power BI is not configured, and 403 without either flag', async () => {
    const before = standIn.calls.length;
    const answer = await embed(builtin, 'base');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ mode: 'builtin' });
    expect((await embed(builtin, 'reportOnly')).statusCode).toBe(403);
    expect(standIn.calls.length).toBe(before);
  });

  it('embeds the premium or base report with a token filtered to the company subtree, signing in once', async () => {
    const app = await configured();
    const signIns = tokenCalls();
    const premium = await embed(app, 'premium');
    expect(premium.statusCode, premium.body).toBe(200);
    const body = dashboardEmbedSchema.parse(premium.json());
    expect(body).toMatchObject({ mode: 'powerbi', reportId: 'report-premium', level: 'premium', embedUrl: `${standIn.url}/reportEmbed?reportId=report-premium&groupId=workspace-1` });
    if (body.mode !== 'powerbi') throw new Error('not embedded');
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    // the row-level-security identity the stand-in issued that very token for: the caller, the role, the report's dataset, the subtree
    const [identity] = standIn.identitiesOf(body.accessToken)!;
    expect(identity).toMatchObject({ username: ids.premium, roles: ['CompanyRole'], datasets: ['dataset-report-premium'] });
    expect(identity.customData!.split(',').sort()).toEqual([rootId, childId].sort());

    const base = (await embed(app, 'base')).json();
    expect(base).toMatchObject({ mode: 'powerbi', reportId: 'report-base', level: 'base' });
    expect(standIn.identitiesOf(base.accessToken)![0]).toMatchObject({ username: ids.base, datasets: ['dataset-report-base'] });
    // a sub-company's dashboard: its own subtree only
    const child = (await embed(app, 'base', childId)).json();
    expect(standIn.identitiesOf(child.accessToken)![0].customData).toBe(childId);
    // three embeds, one Entra sign-in: its token is cached
    expect(tokenCalls() - signIns).toBe(1);
    // the SPA's CSP lets the report's iframe load (the builtin server's: its own pages only)
    expect(String(premium.headers['content-security-policy'])).toContain(`frame-src 'self' https://app.powerbi.com ${standIn.url}`);
    expect(String((await embed(builtin, 'base')).headers['content-security-policy'])).toMatch(/frame-src 'self'(;|$)/);
    // neither the client secret nor the service principal's token ever reaches the caller
    for (const answer of [premium.body, JSON.stringify(base), JSON.stringify(child)]) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain('entra-');
    }
  });

  it('gives premium callers the base report when no premium report is configured', async () => {
    const app = await configured({ POWERBI_REPORT_PREMIUM_ID: '' });
    expect((await embed(app, 'premium')).json()).toMatchObject({ mode: 'powerbi', reportId: 'report-base', level: 'base' });
  });

  it('signs in again when the Entra token is within five minutes of its expiry', async () => {
    const shortLived = await startPowerBiStandIn({ clientSecret: SECRET, accessTokenSeconds: 120 });
    try {
      const app = await createTestApp(driver, { db: builtin.db, env: powerBiEnv(shortLived) });
      apps.push(app);
      await embed(app, 'base');
      await embed(app, 'base');
      expect(shortLived.calls.filter((c) => c.path.endsWith('/oauth2/v2.0/token'))).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });

  it('falls back to the built-in charts with a notice when a step fails, the reason in the log only', async () => {
    const app = await configured();
    for (const step of ['token', 'report', 'generate'] as const) {
      standIn.fail(step);
      try {
        const answer = await embed(app, 'base');
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ mode: 'builtin', fallback: 'POWERBI_UNAVAILABLE' });
      } finally {
        standIn.fail(null);
      }
    }
    expect(app.logs.filter((line) => line.msg === 'Power BI embed token unavailable').map((line) => line.err)).toEqual([
      'Entra token: HTTP 500',
      'report: HTTP 500',
      'GenerateToken: HTTP 500',
    ]);
    // once the service answers again, so does the embed
    expect((await embed(app, 'base')).json()).toMatchObject({ mode: 'powerbi' });
  });

  it("answers the stand-in's embed URL on the base an e2e routes to it (powerbi-client embeds *.powerbi.com only)", async () => {
    const routed = await startPowerBiStandIn({ clientSecret: SECRET, embedBaseUrl: 'https://app.powerbi.com' });
    try {
      const app = await createTestApp(driver, { db: builtin.db, env: powerBiEnv(routed) });
      apps.push(app);
      const answer = (await embed(app, 'base')).json();
      expect(answer.embedUrl).toBe('https://app.powerbi.com/reportEmbed?reportId=report-base&groupId=workspace-1');
      expect(routed.identitiesOf(answer.accessToken)).toBeDefined();
    } finally {
      await routed.close();
    }
  });

  it('falls back when the client secret is refused, without sending it', async () => {
    const app = await configured({ POWERBI_CLIENT_SECRET: 'wrong-secret' });
    const answer = await embed(app, 'premium');
    expect(answer.json()).toEqual({ mode: 'builtin', fallback: 'POWERBI_UNAVAILABLE' });
    expect(answer.body).not.toContain('wrong-secret');
    expect(standIn.calls.at(-1)).toMatchObject({ path: '/tenant-1/oauth2/v2.0/token', status: 401 });
  });
});
