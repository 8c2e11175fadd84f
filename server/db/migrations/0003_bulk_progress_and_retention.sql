CREATE TABLE "bulk_action_items" (
	"key_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"card_code" text DEFAULT '' NOT NULL,
	"error_code" text,
	CONSTRAINT "bulk_action_items_key_id_card_id_pk" PRIMARY KEY("key_id","card_id")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "work" jsonb;--> statement-breakpoint
ALTER TABLE "bulk_action_items" ADD CONSTRAINT "bulk_action_items_key_id_idempotency_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."idempotency_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");