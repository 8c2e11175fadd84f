-- The audit trail's triggers (issue 22; server/modules/audit/README.md). The writer's context comes
-- from the transaction's setting `tessera.ctx` (JSON, lib/audit-context.ts, set by the db wrappers);
-- without it the system acted (migrations, seed).
--
-- audit_row(company, id column, excluded columns):
--   company: the column holding the row's company ('id' for companies), or 'fk_column>table' to read
--            the company_id of the row that column points at, or '' for rows of no company;
--   id column: what identifies the row (entity_id);
--   excluded columns: a text[] literal of secrets (hashes, full codes) and of bookkeeping that changes
--            on every use (last sign-in, last key use), never written to the trail. updated_at is
--            always left out: it changes with every change.
-- An update that changes no remaining field writes nothing.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb := coalesce(nullif(current_setting('tessera.ctx', true), '')::jsonb, '{}'::jsonb);
  company_spec text := TG_ARGV[0];
  excluded text[] := TG_ARGV[2]::text[] || ARRAY['updated_at'];
  full_row jsonb;
  old_row jsonb;
  new_row jsonb;
  before_values jsonb;
  after_values jsonb;
  field text;
  company uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN full_row := to_jsonb(OLD); ELSE full_row := to_jsonb(NEW); END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - excluded; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - excluded; END IF;
  IF TG_OP = 'UPDATE' THEN
    before_values := '{}'::jsonb;
    after_values := '{}'::jsonb;
    FOR field IN SELECT jsonb_object_keys(new_row) LOOP
      IF new_row -> field IS DISTINCT FROM old_row -> field THEN
        before_values := before_values || jsonb_build_object(field, old_row -> field);
        after_values := after_values || jsonb_build_object(field, new_row -> field);
      END IF;
    END LOOP;
    IF after_values = '{}'::jsonb THEN RETURN NULL; END IF;
  ELSE
    before_values := old_row;
    after_values := new_row;
  END IF;
  IF company_spec = '' THEN
    company := NULL;
  ELSIF position('>' IN company_spec) > 0 THEN
    EXECUTE format('SELECT company_id FROM %I WHERE id = $1', split_part(company_spec, '>', 2))
      INTO company USING (full_row ->> split_part(company_spec, '>', 1))::uuid;
  ELSE
    company := (full_row ->> company_spec)::uuid;
  END IF;
  INSERT INTO audit_log (actor_type, actor_id, actor_label, company_id, origin, ip, request_id, entity, entity_id, action, operation, before, after)
  VALUES (
    coalesce(ctx ->> 'actorType', 'system'), ctx ->> 'actorId', ctx ->> 'actorLabel', company,
    coalesce(ctx ->> 'origin', 'system'), ctx ->> 'ip', ctx ->> 'requestId',
    TG_TABLE_NAME, full_row ->> TG_ARGV[1],
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    ctx ->> 'operation', before_values, after_values);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE, except the retention job's DELETE, which sets
-- `tessera.audit_retention` to 'on' for its own transaction after exporting the rows.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('tessera.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION audit_row('id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON stores FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{password_hash,last_sign_in_at}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON card_typologies FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON card_batches FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
-- Minted cards are inserted by the thousand: their batch or order row records the creation.
CREATE TRIGGER audit_row AFTER UPDATE OR DELETE ON gift_cards FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{code}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON gift_card_transactions FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
-- A names list is inserted by the thousand with its order (the order row records it).
CREATE TRIGGER audit_row AFTER UPDATE OR DELETE ON order_recipients FOR EACH ROW EXECUTE FUNCTION audit_row('order_id>orders', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON integrated_orders FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{request_hash}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{secret_hash,last_used_at}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON wallets FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'company_id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON reloadable_users FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON reloadable_cards FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON reload_runs FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON square_orders FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
-- One communication per code is inserted with the order; its sends and their lease are bookkeeping.
CREATE TRIGGER audit_row AFTER UPDATE OR DELETE ON square_communications FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{lease_until,next_attempt_at,tries}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON ticket_categories FOR EACH ROW EXECUTE FUNCTION audit_row('', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON tickets FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON generated_reports FOR EACH ROW EXECUTE FUNCTION audit_row('company_id', 'id', '{}');
