import type pg from 'pg';

/**
 * What the runtime role (DATABASE_URL) may do when migrations run as another role, the owner
 * (DATABASE_MIGRATION_URL; DESIGN §5 "least privilege"), granted by the owner after every
 * migration run (db/migrate.ts, under the migration lock): USAGE on the schema public; SELECT,
 * INSERT, UPDATE and DELETE on its tables but for the exceptions below; USAGE and SELECT on its
 * sequences; EXECUTE on `functions`. Never TRUNCATE, REFERENCES or TRIGGER, never ownership.
 */
export const RUNTIME_PRIVILEGES = {
  /**
   * read and append only: the audit trail, and the ledgers and histories the server only ever
   * inserts into (the demo seed backdates some: it runs as the owner, db/migrate.ts). Before the code
   * updates or deletes rows of one, take it out of here: the statement would fail with split roles only.
   */
  appendOnly: ['audit_log', 'wallet_movements', 'reloadable_card_events', 'square_code_activities', 'square_communication_sends', 'ticket_events', 'ticket_category_versions'],
  /** the gift-card ledger: a row is marked later (unfrozen, cancelled, returned by …), never deleted */
  noDelete: ['gift_card_transactions'],
  /** the owner's alone: read by audit_log_retire, which runs as the owner */
  none: ['audit_log_policy'],
  /** what the server calls itself (trigger functions run without EXECUTE) */
  functions: ['audit_log_retire(timestamptz, bigint)'],
} as const;

export interface RuntimeGrant {
  /** the runtime role's name (`SELECT current_user` on a runtime connection) */
  role: string;
  /** AUDIT_RETENTION_DAYS: the youngest audit rows audit_log_retire may delete (migration 0014) */
  auditRetentionDays: number;
}

/**
 * Grants the runtime role exactly its privileges, on `client`, connected as the owner that just
 * migrated. Idempotent: it first takes back whatever the role held on the tables and sequences
 * (a privilege granted by hand, one a table no longer allows), all in one transaction, so running
 * instances never see the role without its rights. Answers false when the runtime role is the owner
 * (one role: nothing to grant). Refuses a runtime role that is a superuser or a member of the owner:
 * it could do whatever the owner does, which is what this split is to prevent.
 */
export async function grantRuntimePrivileges(client: pg.PoolClient, grant: RuntimeGrant): Promise<boolean> {
  const { rows } = await client.query<{ owner: string; superuser: boolean; member: boolean }>(
    `SELECT current_user AS owner, r.rolsuper AS superuser, pg_has_role(r.oid, current_user, 'MEMBER') AS member FROM pg_roles r WHERE r.rolname = $1`,
    [grant.role],
  );
  const found = rows[0];
  if (!found) throw new Error(`DATABASE_URL's role ${grant.role} does not exist`);
  if (found.owner === grant.role) return false;
  if (found.superuser || found.member) {
    throw new Error(`DATABASE_URL's role ${grant.role} is a superuser or a member of ${found.owner} (DATABASE_MIGRATION_URL's role): it must be a plain login role`);
  }
  const role = client.escapeIdentifier(grant.role);
  const list = (names: readonly string[]) => names.map((name) => client.escapeIdentifier(name)).join(', ');
  const { appendOnly, noDelete, none, functions } = RUNTIME_PRIVILEGES;
  await client.query('BEGIN');
  try {
    for (const statement of [
      `GRANT USAGE ON SCHEMA public TO ${role}`,
      // it creates nothing (PostgreSQL 14 and older also let PUBLIC create there: README)
      `REVOKE CREATE ON SCHEMA public FROM ${role}`,
      `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
      `REVOKE UPDATE, DELETE ON ${list(appendOnly)} FROM ${role}`,
      `REVOKE DELETE ON ${list(noDelete)} FROM ${role}`,
      `REVOKE ALL ON ${list(none)} FROM ${role}`,
      // nextval is USAGE; nothing calls setval, so no UPDATE
      `REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role}`,
      `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
      ...functions.map((signature) => `GRANT EXECUTE ON FUNCTION ${signature} TO ${role}`),
    ]) {
      await client.query(statement);
    }
    await client.query('UPDATE audit_log_policy SET keep_days = $1', [Math.max(1, grant.auditRetentionDays)]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return true;
}
