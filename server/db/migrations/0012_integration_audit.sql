CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"company_id" uuid,
	"origin" text NOT NULL,
	"ip" text,
	"request_id" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"operation" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" uuid,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integrated_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"typology_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"external_item_id" text NOT NULL,
	"denomination_cents" bigint NOT NULL,
	"price_cents" bigint NOT NULL,
	"gift_card_id" uuid,
	"serial_number" text,
	"pin_status" text NOT NULL,
	"activation_email" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrated_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"api_key_id" uuid,
	"order_number" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"buyer_email" text,
	"buyer_language" text DEFAULT 'it' NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"request_hash" text NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "idempotency_keys_user_key";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_order_items" ADD CONSTRAINT "integrated_order_items_order_id_integrated_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."integrated_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_order_items" ADD CONSTRAINT "integrated_order_items_typology_id_card_typologies_id_fk" FOREIGN KEY ("typology_id") REFERENCES "public"."card_typologies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_order_items" ADD CONSTRAINT "integrated_order_items_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_orders" ADD CONSTRAINT "integrated_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_orders" ADD CONSTRAINT "integrated_orders_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_company_created_idx" ON "api_keys" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "integrated_order_items_order_position_key" ON "integrated_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "integrated_order_items_card_idx" ON "integrated_order_items" USING btree ("gift_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrated_orders_company_number_key" ON "integrated_orders" USING btree ("company_id","order_number");--> statement-breakpoint
CREATE INDEX "integrated_orders_company_ordered_idx" ON "integrated_orders" USING btree ("company_id","ordered_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "integrated_orders_state_idx" ON "integrated_orders" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_api_key_route_key" ON "idempotency_keys" USING btree ("api_key_id","route","key") WHERE "idempotency_keys"."api_key_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key") WHERE "idempotency_keys"."api_key_id" IS NULL;