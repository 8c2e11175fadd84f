import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDoc, loadConfig } from './config';
import { loadKeys } from './lib/keys';
import { redactUrl } from './plugins/logging';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: null,
      appEnv: 'dev',
      publicUrl: 'http://localhost:8080',
      smtpUrl: null,
      demoData: false,
      identity: { provider: 'builtin', tenantId: 'tessera', audience: 'tessera', issuer: 'http://localhost:8080/identity', signInUrl: '/identity/v1/accounts:signInWithPassword' },
      bruteForce: { windowSeconds: 900, maxPerAccount: 5, maxPerIp: 20 },
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('migrates as DATABASE_URL\'s role unless DATABASE_MIGRATION_URL names another, and never on PGlite', () => {
    expect(loadConfig({}).databaseMigrationUrl).toBeNull();
    expect(loadConfig({ DATABASE_MIGRATION_URL: 'postgres://owner@db/tessera' }).databaseMigrationUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/tessera' }).databaseMigrationUrl).toBe('postgres://app@db/tessera');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/tessera', DATABASE_MIGRATION_URL: ' ' }).databaseMigrationUrl).toBe('postgres://app@db/tessera');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/tessera', DATABASE_MIGRATION_URL: 'postgres://owner@db/tessera' }).databaseMigrationUrl).toBe('postgres://owner@db/tessera');
  });

  it('requires the external provider settings together, and a long access-token secret', () => {
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'external' })).toThrow(/IDENTITY_JWKS_URL/);
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'saml' })).toThrow();
    expect(() => loadConfig({ ACCESS_TOKEN_SECRET: 'short' })).toThrow(/32/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('reads the reload caps, and never lets the test clock into production', () => {
    expect(loadConfig({}).reloads).toEqual({ monthlyCapCents: 250_000, yearlyCapCents: 1_000_000, chunkRows: 500 });
    expect(loadConfig({ RELOAD_MONTHLY_CAP_CENTS: '5000', RELOAD_YEARLY_CAP_CENTS: '9000' }).reloads).toEqual({ monthlyCapCents: 5000, yearlyCapCents: 9000, chunkRows: 500 });
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
  });

  it('keeps files on disk by default, or in the S3 bucket FILE_STORAGE=s3 names, refusing an incomplete bucket setting', () => {
    expect(loadConfig({}).files).toEqual({ kind: 'disk' });
    expect(loadConfig({ FILE_STORAGE: 'disk', S3_BUCKET: 'ignored' }).files).toEqual({ kind: 'disk' });
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'tessera-files' }).files).toEqual({
      kind: 's3',
      bucket: 'tessera-files',
      region: 'us-east-1',
      endpoint: null,
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
    const env = {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'tessera-files',
      S3_REGION: 'eu-south-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(env).files).toEqual({ kind: 's3', bucket: 'tessera-files', region: 'eu-south-1', endpoint: 'http://minio:9000', accessKeyId: 'key-id', secretAccessKey: 'secret', forcePathStyle: true });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false' }).files).toMatchObject({ forcePathStyle: false });
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('S3_BUCKET is required when FILE_STORAGE=s3');
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: '  ' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORAGE: 'gcs' })).toThrow(/FILE_STORAGE must be disk or s3/);
    expect(() => loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...env, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('documents every variable it reads', () => {
    const names = configDoc.map((row) => row.name);
    for (const name of ['PORT', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_MIGRATION_URL', 'APP_ENV', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM', 'DEMO_DATA', 'IDENTITY_TENANT_ID', 'IDENTITY_API_KEY', 'IDENTITY_PROVIDER', 'IDENTITY_JWKS_URL', 'IDENTITY_ISSUER', 'IDENTITY_AUDIENCE', 'IDENTITY_SIGN_IN_URL', 'IDENTITY_PRIVATE_KEY', 'ACCESS_TOKEN_SECRET', 'FILE_STORAGE', 'S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']) {
      expect(names).toContain(name);
    }
  });

  it('generates keys into DATA_DIR once and reuses them after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-keys-'));
    try {
      const first = await loadKeys(loadConfig({ DATA_DIR: dataDir }));
      const second = await loadKeys(loadConfig({ DATA_DIR: dataDir }));
      expect(second.identityPublicJwk).toEqual(first.identityPublicJwk);
      expect(Buffer.from(second.accessTokenSecret).equals(Buffer.from(first.accessTokenSecret))).toBe(true);
      const configured = await loadKeys(loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: 'x'.repeat(40) }));
      expect(new TextDecoder().decode(configured.accessTokenSecret)).toBe('x'.repeat(40));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('log redaction', () => {
  it('drops the logout query and masks secret parameters elsewhere', () => {
    expect(redactUrl('/api/auth/logout?refreshToken=abc')).toBe('/api/auth/logout?[REDACTED]');
    expect(redactUrl('/forgot-password?t=secret&lng=en')).toBe('/forgot-password?t=[REDACTED]&lng=en');
    expect(redactUrl('/identity/v1/accounts:signInWithPassword?key=k')).toBe('/identity/v1/accounts:signInWithPassword?key=[REDACTED]');
    expect(redactUrl('/api/user/configuration')).toBe('/api/user/configuration');
  });
});
