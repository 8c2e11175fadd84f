CREATE SEQUENCE "public"."reload_run_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "reload_notification_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"low_balance_enabled" boolean DEFAULT false NOT NULL,
	"low_balance_threshold_cents" bigint DEFAULT 0 NOT NULL,
	"run_completed_enabled" boolean DEFAULT false NOT NULL,
	"run_failed_enabled" boolean DEFAULT false NOT NULL,
	"monthly_statement_enabled" boolean DEFAULT false NOT NULL,
	"low_balance_notified" boolean DEFAULT false NOT NULL,
	"last_statement_month" text,
	"updated_at" timestamp with time zone,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "reload_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"card_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"reason" text,
	"initial_balance_cents" bigint NOT NULL,
	"balance_after_cents" bigint,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "reload_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"state" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"row_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"credited_count" integer DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"deleted_count" integer DEFAULT 0 NOT NULL,
	"reserved_cents" bigint DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reload_runs_reserved_nonnegative" CHECK ("reload_runs"."reserved_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reloadable_card_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reloadable_card_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint,
	"balance_after_cents" bigint NOT NULL,
	"run_id" uuid,
	"row_id" uuid,
	"detail" jsonb,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reloadable_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"client_id" text,
	"status" text DEFAULT 'NOT ACTIVE' NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"activation_date" timestamp with time zone,
	"expiration_date" date,
	"last_reload_at" timestamp with time zone,
	"month_key" text,
	"month_reloaded_cents" bigint DEFAULT 0 NOT NULL,
	"year_key" text,
	"year_reloaded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reloadable_cards_balance_nonnegative" CHECK ("reloadable_cards"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reloadable_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wallet_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"counterpart_company_id" uuid,
	"card_id" uuid,
	"run_id" uuid,
	"row_id" uuid,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_movements_balance_nonnegative" CHECK ("wallet_movements"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"reserved_cents" bigint DEFAULT 0 NOT NULL,
	"last_reload_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_nonnegative" CHECK ("wallets"."balance_cents" >= 0),
	CONSTRAINT "wallets_reserved_range" CHECK ("wallets"."reserved_cents" >= 0 AND "wallets"."reserved_cents" <= "wallets"."balance_cents")
);
--> statement-breakpoint
ALTER TABLE "reload_notification_settings" ADD CONSTRAINT "reload_notification_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reload_notification_settings" ADD CONSTRAINT "reload_notification_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reload_rows" ADD CONSTRAINT "reload_rows_run_id_reload_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reload_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reload_rows" ADD CONSTRAINT "reload_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reload_rows" ADD CONSTRAINT "reload_rows_card_id_reloadable_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."reloadable_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reload_rows" ADD CONSTRAINT "reload_rows_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reload_runs" ADD CONSTRAINT "reload_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reload_runs" ADD CONSTRAINT "reload_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reloadable_card_events" ADD CONSTRAINT "reloadable_card_events_card_id_reloadable_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."reloadable_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reloadable_card_events" ADD CONSTRAINT "reloadable_card_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reloadable_card_events" ADD CONSTRAINT "reloadable_card_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reloadable_cards" ADD CONSTRAINT "reloadable_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reloadable_cards" ADD CONSTRAINT "reloadable_cards_user_id_reloadable_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."reloadable_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reloadable_users" ADD CONSTRAINT "reloadable_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_counterpart_company_id_companies_id_fk" FOREIGN KEY ("counterpart_company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reload_rows_run_idx" ON "reload_rows" USING btree ("run_id","state","position");--> statement-breakpoint
CREATE INDEX "reload_rows_company_idx" ON "reload_rows" USING btree ("company_id","state","inserted_at");--> statement-breakpoint
CREATE INDEX "reload_rows_card_idx" ON "reload_rows" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reload_runs_number_key" ON "reload_runs" USING btree ("number");--> statement-breakpoint
CREATE INDEX "reload_runs_company_created_idx" ON "reload_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "reload_runs_company_state_idx" ON "reload_runs" USING btree ("company_id","state","created_at");--> statement-breakpoint
CREATE INDEX "reloadable_card_events_card_idx" ON "reloadable_card_events" USING btree ("card_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "reloadable_card_events_row_key" ON "reloadable_card_events" USING btree ("row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reloadable_cards_number_key" ON "reloadable_cards" USING btree ("number");--> statement-breakpoint
CREATE INDEX "reloadable_cards_company_idx" ON "reloadable_cards" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "reloadable_cards_client_idx" ON "reloadable_cards" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "reloadable_cards_user_idx" ON "reloadable_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reloadable_users_company_idx" ON "reloadable_users" USING btree ("company_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "wallet_movements_company_seq_idx" ON "wallet_movements" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "wallet_movements_company_created_idx" ON "wallet_movements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_movements_row_key" ON "wallet_movements" USING btree ("row_id");