-- Least privilege (issue 37): the server's runtime role (DATABASE_URL) owns nothing and holds on
-- audit_log only SELECT and INSERT (server/db/privileges.ts, granted by the owner at every start):
-- it can neither update, delete or truncate the trail nor alter the table or its triggers. Rows
-- leave only through audit_log_retire below, which runs as the owner.
--
-- The youngest rows audit_log_retire may delete: kept AUDIT_RETENTION_DAYS, which the owner writes
-- here at every start (server/db/privileges.ts). The runtime role has no privilege on this table,
-- so a stolen runtime login can retire only rows the retention job would retire anyway, never the
-- recent trail. One role for everything (PGlite, a single DATABASE_URL) keeps the floor of a day.
CREATE TABLE audit_log_policy (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  keep_days integer NOT NULL CHECK (keep_days >= 1)
);
--> statement-breakpoint
INSERT INTO audit_log_policy (keep_days) VALUES (1);
--> statement-breakpoint
-- Append-only: UPDATE, DELETE and TRUNCATE are refused, but for audit_log_retire's DELETE. A setting
-- alone cannot open the door (any role may set any `tessera.*` setting, 0013's
-- `tessera.audit_retention` included): the DELETE must also run as the table's owner, which the
-- runtime role never is; audit_log_retire runs as the owner and raises `tessera.audit_retire` for
-- its own statement only. With one role for everything the owner could alter the table anyway:
-- there the trigger guards against mistakes, the split roles against a stolen runtime login.
-- Catalog names are qualified: this function runs with the caller's search_path.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_catalog.current_setting('tessera.audit_retire', true) = 'on'
     AND (SELECT pg_catalog.pg_get_userbyid(c.relowner) FROM pg_catalog.pg_class c WHERE c.oid = TG_RELID) = current_user THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- The retention job's only way to delete (server/modules/audit/retention.ts, after it exported the
-- rows): the rows older than `cutoff` up to `last_id`; answers how many went. SECURITY DEFINER, so
-- it runs as its owner (the migration role); search_path pinned with pg_temp last and functions
-- qualified, so no caller's temporary table or own function stands in for ours. EXECUTE: the owner,
-- and the runtime role by grant (server/db/privileges.ts), never PUBLIC.
CREATE FUNCTION audit_log_retire(cutoff timestamptz, last_id bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  min_days integer := (SELECT p.keep_days FROM audit_log_policy p);
  deleted bigint;
BEGIN
  -- an hour's slack: the job's cutoff comes from the server's clock, now() from the database's
  IF min_days IS NULL OR cutoff IS NULL OR cutoff > pg_catalog.now() - pg_catalog.make_interval(days => min_days) + interval '1 hour' THEN
    RAISE EXCEPTION 'audit_log_retire: rows younger than % days are kept', min_days USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM pg_catalog.set_config('tessera.audit_retire', 'on', true);
  DELETE FROM audit_log WHERE occurred_at < cutoff AND id <= last_id;
  GET DIAGNOSTICS deleted = ROW_COUNT;
  PERFORM pg_catalog.set_config('tessera.audit_retire', '', true);
  RETURN deleted;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_retire(timestamptz, bigint) FROM PUBLIC;
