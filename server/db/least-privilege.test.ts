import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../lib/files.memory';
import { runAuditRetention } from '../modules/audit/retention';
import { seedDemoData } from '../seed/demo';
import { createTestApp, type TestApp } from '../test/app';
import { login } from '../test/auth';
import { caller, companyIdOf } from '../test/builders';
import { CONCURRENT_DRIVERS } from '../test/db';
import { killProcess, startServerProcess } from '../test/processes';
import { queryRows, type DbHandle } from './client';
import { migrateAsOwner } from './migrate';
import { openPostgres } from './postgres';
import { RUNTIME_PRIVILEGES } from './privileges';

/**
 * DESIGN §5 "least privilege" on a real server (roles do not exist on PGlite): a throwaway database
 * owned by a throwaway owner role, migrated by it through the start path (migrateAsOwner), and the
 * server running as a throwaway runtime role, which must work and must not be able to touch the
 * audit trail but through the retention.
 */
describe.each(CONCURRENT_DRIVERS)('least privilege in the database (%s)', () => {
  const suffix = randomBytes(6).toString('hex');
  const password = randomBytes(12).toString('hex');
  const names = { db: `tessera_lp_${suffix}`, owner: `tessera_lp_owner_${suffix}`, runtime: `tessera_lp_app_${suffix}` };
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const urlOf = (role: string) => {
    const url = new URL(adminUrl);
    url.username = role;
    url.password = password;
    url.pathname = `/${names.db}`;
    return url.toString();
  };
  const asAdmin = async (statement: string, database = new URL(adminUrl).pathname.slice(1)) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const RETENTION_DAYS = 730;
  let runtime: DbHandle;
  /** a plain client as the runtime role, for the statements that must fail (their SQLSTATE) */
  let raw: pg.Client;
  let t: TestApp;
  /** who owned the tables once the server process had started */
  let afterStart: string[] = [];
  /** insufficient_privilege: a missing grant, not owning the object, or the audit trigger's and audit_log_retire's refusal */
  const refused = (statement: string) => expect(raw.query(statement)).rejects.toMatchObject({ code: '42501' });

  beforeAll(async () => {
    await asAdmin(`CREATE ROLE ${names.owner} LOGIN PASSWORD '${password}'`);
    await asAdmin(`CREATE ROLE ${names.runtime} LOGIN PASSWORD '${password}'`);
    // what the README asks of the operator: the owner role owns the database (and so, on 15+, its schema public)
    await asAdmin(`CREATE DATABASE ${names.db} OWNER ${names.owner}`);
    // `npm start` with both URLs (server/main.ts): it migrates as the owner, grants, serves as the runtime role
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-lp-'));
    try {
      await killProcess(await startServerProcess(urlOf(names.runtime), dataDir, { DATABASE_MIGRATION_URL: urlOf(names.owner), AUDIT_RETENTION_DAYS: String(RETENTION_DAYS) }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    raw = new pg.Client({ connectionString: urlOf(names.runtime) });
    await raw.connect();
    afterStart = (await raw.query<{ owner: string }>(`SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE schemaname = 'public'`)).rows.map((row) => row.owner);
    runtime = openPostgres(urlOf(names.runtime), 4);
    // the same start path in process, seeding as main.ts does with DEMO_DATA=1 (here the accounts createTestApp seeds)
    const started = await migrateAsOwner(urlOf(names.owner), runtime, RETENTION_DAYS, (owner) => seedDemoData(owner));
    expect(started).toMatchObject({ role: names.runtime, granted: true });
    t = await createTestApp('postgres', { db: runtime });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await raw?.end();
    await runtime?.close();
    await asAdmin(`DROP DATABASE IF EXISTS ${names.db} WITH (FORCE)`);
    await asAdmin(`DROP ROLE IF EXISTS ${names.runtime}`);
    await asAdmin(`DROP ROLE IF EXISTS ${names.owner}`);
  });

  it('migrates as the owner: the runtime role owns no table, sequence or function', async () => {
    expect(afterStart).toEqual([names.owner]);
    const owners = await queryRows<{ owner: string; n: number }>(runtime.db, sql`SELECT tableowner AS owner, count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' GROUP BY 1`);
    expect(owners).toEqual([{ owner: names.owner, n: expect.any(Number) }]);
    const owned = await queryRows(runtime.db, sql`SELECT c.relname FROM pg_class c WHERE c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
      UNION ALL SELECT p.proname FROM pg_proc p WHERE p.proowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`);
    expect(owned).toEqual([]);
    // nor can it come to own one
    await refused('CREATE TABLE lp_mine (id integer)');
  });

  it('runs the app as the runtime role: sign-in, a change and its audit row, a read', async () => {
    const admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    const acmeId = await companyIdOf(runtime.db, 'ACME');
    const call = caller(t.app);
    const created = await call(admin, 'POST', `/api/company/${acmeId}/stores`, { code: 'LP-STORE', name: 'Least privilege', storeCategoryId: 'RETAIL' });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const listed = await call(admin, 'GET', `/api/company/${acmeId}/stores`);
    expect(listed.body).toContain('LP-STORE');
    const trail = await queryRows(runtime.db, sql`SELECT 1 FROM audit_log WHERE entity = 'stores' AND entity_id = ${created.json().id} AND action = 'create'`);
    expect(trail).toHaveLength(1);
  });

  it('keeps the audit trail out of the runtime role’s reach, whatever it sets', async () => {
    await raw.query(`INSERT INTO audit_log (actor_type, origin, entity, entity_id, action) VALUES ('system', 'system', 'stores', 'lp-reach', 'update')`);
    await refused('ALTER TABLE audit_log DISABLE TRIGGER ALL');
    await refused('DROP TRIGGER audit_log_append_only ON audit_log');
    await refused(`DELETE FROM audit_log WHERE entity_id = 'lp-reach'`);
    await refused(`UPDATE audit_log SET actor_label = 'forged' WHERE entity_id = 'lp-reach'`);
    await refused('TRUNCATE audit_log');
    // neither migration 0013's setting nor 0014's own opens the door
    await raw.query('BEGIN');
    await raw.query(`SELECT set_config('tessera.audit_retention', 'on', true), set_config('tessera.audit_retire', 'on', true)`);
    await refused(`DELETE FROM audit_log WHERE entity_id = 'lp-reach'`);
    await raw.query('ROLLBACK');
    // the retire function deletes nothing younger than AUDIT_RETENTION_DAYS, and its floor is the owner's
    await refused(`SELECT audit_log_retire(now(), 9223372036854775807)`);
    await refused(`SELECT audit_log_retire(now() - interval '${RETENTION_DAYS - 2} days', 9223372036854775807)`);
    await refused('UPDATE audit_log_policy SET keep_days = 1');
    await refused('CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$');
    expect((await raw.query(`SELECT 1 FROM audit_log WHERE entity_id = 'lp-reach' AND actor_label IS NULL`)).rowCount).toBe(1);
  });

  it('keeps the ledgers append-only, the gift-card ledger undeletable, and lets foreign keys still act', async () => {
    for (const table of RUNTIME_PRIVILEGES.appendOnly) {
      await refused(`DELETE FROM ${table} WHERE false`);
      const { rows } = await raw.query<{ name: string }>(`SELECT column_name AS name FROM information_schema.columns WHERE table_name = $1 AND is_identity = 'NO' LIMIT 1`, [table]);
      await refused(`UPDATE ${table} SET ${rows[0].name} = ${rows[0].name} WHERE false`);
    }
    await refused('DELETE FROM gift_card_transactions WHERE false');
    await raw.query('UPDATE gift_card_transactions SET returned_cents = returned_cents WHERE false');
    await refused('TRUNCATE stores');
    // a user's deletion nulls its wallet movements' user_id: the foreign key acts as the owner
    const acmeId = await companyIdOf(runtime.db, 'ACME');
    const [user] = (await raw.query<{ id: string }>(`INSERT INTO users (company_id, first_name, last_name, email) VALUES ($1, 'Least', 'Privilege', 'lp@acme.test') RETURNING id`, [acmeId])).rows;
    const [move] = (
      await raw.query<{ id: string }>(
        `INSERT INTO wallet_movements (company_id, type, reason, amount_cents, balance_after_cents, user_id) VALUES ($1, 'WALLET_RELOAD', 'FUNDING', 100, 100, $2) RETURNING id`,
        [acmeId, user.id],
      )
    ).rows;
    await raw.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect((await raw.query('SELECT user_id FROM wallet_movements WHERE id = $1', [move.id])).rows).toEqual([{ user_id: null }]);
  });

  it('runs the daily retention as the runtime role: exports, then deletes through audit_log_retire', async () => {
    await raw.query(`INSERT INTO audit_log (occurred_at, actor_type, origin, entity, entity_id, action)
      VALUES (now() - interval '800 days', 'system', 'system', 'stores', 'lp-old', 'update'), (now() - interval '799 days', 'system', 'system', 'stores', 'lp-old', 'delete')`);
    const files = createMemoryStorage();
    const result = await runAuditRetention(runtime.db, files, RETENTION_DAYS, new Date());
    expect(result.deleted).toBe(2);
    const csv = await new Response(await files.get(result.fileKey!)).text();
    expect(csv.split('\r\n').filter((line) => line.includes('lp-old'))).toHaveLength(2);
    expect((await raw.query(`SELECT 1 FROM audit_log WHERE entity_id = 'lp-old'`)).rowCount).toBe(0);
    // a shorter retention than the owner's is refused by the database, nothing deleted
    await raw.query(`INSERT INTO audit_log (occurred_at, actor_type, origin, entity, entity_id, action) VALUES (now() - interval '10 days', 'system', 'system', 'stores', 'lp-young', 'update')`);
    await expect(runAuditRetention(runtime.db, files, 5, new Date())).rejects.toThrow();
    expect((await raw.query(`SELECT 1 FROM audit_log WHERE entity_id = 'lp-young'`)).rowCount).toBe(1);
  });

  it('grants again at the next start, taking back what was granted by hand', async () => {
    await asAdmin(`GRANT TRUNCATE, DELETE ON audit_log TO ${names.runtime}`, names.db);
    // even so granted, the trigger refuses a DELETE by anyone but the owner, setting or not
    await raw.query('BEGIN');
    await raw.query(`SELECT set_config('tessera.audit_retire', 'on', true)`);
    await refused(`DELETE FROM audit_log WHERE entity_id = 'lp-reach'`);
    await raw.query('ROLLBACK');
    await refused('TRUNCATE audit_log');
    expect(await migrateAsOwner(urlOf(names.owner), runtime, RETENTION_DAYS)).toMatchObject({ role: names.runtime, granted: true });
    const can = async (table: string, privilege: string) =>
      (await raw.query<{ ok: boolean }>(`SELECT has_table_privilege(current_user, $1, $2) AS ok`, [table, privilege])).rows[0].ok;
    expect(await can('audit_log', 'TRUNCATE')).toBe(false);
    expect(await can('audit_log', 'DELETE')).toBe(false);
    expect(await can('audit_log', 'INSERT')).toBe(true);
    expect(await can('stores', 'DELETE')).toBe(true);
    await refused(`DELETE FROM audit_log WHERE entity_id = 'lp-reach'`);
  });

  it('refuses a runtime role that could act as the owner', async () => {
    await asAdmin(`GRANT ${names.owner} TO ${names.runtime}`);
    try {
      await expect(migrateAsOwner(urlOf(names.owner), runtime, RETENTION_DAYS)).rejects.toThrow(/member of/);
    } finally {
      await asAdmin(`REVOKE ${names.owner} FROM ${names.runtime}`);
    }
  });
});
