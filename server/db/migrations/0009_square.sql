CREATE SEQUENCE "public"."square_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "square_code_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "square_code_activities_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code_id" uuid NOT NULL,
	"activity" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "square_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"order_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"host" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"typology" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"value_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"sell_date" timestamp with time zone,
	"activation_date" timestamp with time zone,
	"expire_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "square_codes_value_range" CHECK ("square_codes"."value_cents" >= 0 AND "square_codes"."value_cents" <= "square_codes"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "square_communication_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"communication_id" uuid NOT NULL,
	"retry_number" integer NOT NULL,
	"try_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"smtp_answer" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "square_communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"retry_number" integer DEFAULT 1 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_smtp_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "square_order_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "square_order_recipients_amount_positive" CHECK ("square_order_recipients"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "square_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"host" text NOT NULL,
	"referent_email" text NOT NULL,
	"typology" text NOT NULL,
	"valid_months" integer NOT NULL,
	"total_amount_cents" bigint DEFAULT 0 NOT NULL,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"file_key" text,
	"language" text DEFAULT 'it' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_from" text,
	"progress_done" integer,
	"progress_total" integer,
	"failure" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "square_code_activities" ADD CONSTRAINT "square_code_activities_code_id_square_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."square_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_code_activities" ADD CONSTRAINT "square_code_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_codes" ADD CONSTRAINT "square_codes_order_id_square_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."square_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_codes" ADD CONSTRAINT "square_codes_recipient_id_square_order_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."square_order_recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_codes" ADD CONSTRAINT "square_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_communication_sends" ADD CONSTRAINT "square_communication_sends_communication_id_square_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."square_communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_communications" ADD CONSTRAINT "square_communications_order_id_square_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."square_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_communications" ADD CONSTRAINT "square_communications_code_id_square_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."square_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_communications" ADD CONSTRAINT "square_communications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_order_recipients" ADD CONSTRAINT "square_order_recipients_order_id_square_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."square_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_orders" ADD CONSTRAINT "square_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_orders" ADD CONSTRAINT "square_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_orders" ADD CONSTRAINT "square_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "square_code_activities_code_idx" ON "square_code_activities" USING btree ("code_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "square_codes_code_idx" ON "square_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "square_codes_recipient_idx" ON "square_codes" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "square_codes_order_idx" ON "square_codes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "square_codes_company_idx" ON "square_codes" USING btree ("company_id","activation_date","id");--> statement-breakpoint
CREATE INDEX "square_codes_email_idx" ON "square_codes" USING btree ("email","typology");--> statement-breakpoint
CREATE INDEX "square_communication_sends_idx" ON "square_communication_sends" USING btree ("communication_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "square_communications_code_idx" ON "square_communications" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "square_communications_company_idx" ON "square_communications" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "square_communications_due_idx" ON "square_communications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "square_communications_order_idx" ON "square_communications" USING btree ("order_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "square_order_recipients_line_idx" ON "square_order_recipients" USING btree ("order_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "square_orders_number_idx" ON "square_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "square_orders_company_created_idx" ON "square_orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "square_orders_status_idx" ON "square_orders" USING btree ("status");