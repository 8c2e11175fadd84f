CREATE TABLE "generated_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"report_id" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"language" text NOT NULL,
	"time_zone" text NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" bigint,
	"size_bytes" bigint,
	"file_key" text,
	"error_code" text,
	"requested_by" uuid,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "giftcard_stats_daily" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"typology_id" uuid NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"activated_count" integer DEFAULT 0 NOT NULL,
	"activated_cents" bigint DEFAULT 0 NOT NULL,
	"consumed_count" integer DEFAULT 0 NOT NULL,
	"consumed_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "giftcard_stats_daily_company_id_day_typology_id_pk" PRIMARY KEY("company_id","day","typology_id")
);
--> statement-breakpoint
CREATE TABLE "giftcard_stats_days" (
	"day" date PRIMARY KEY NOT NULL,
	"summarized_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giftcard_store_stats_daily" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"activated_count" integer DEFAULT 0 NOT NULL,
	"activated_cents" bigint DEFAULT 0 NOT NULL,
	"consumed_count" integer DEFAULT 0 NOT NULL,
	"consumed_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "giftcard_store_stats_daily_company_id_day_store_id_pk" PRIMARY KEY("company_id","day","store_id")
);
--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_reports_company_created_idx" ON "generated_reports" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generated_reports_requester_state_idx" ON "generated_reports" USING btree ("requested_by","state");--> statement-breakpoint
CREATE INDEX "generated_reports_expires_idx" ON "generated_reports" USING btree ("expires_at");