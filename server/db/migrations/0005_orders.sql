CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"typology_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"value_cents" bigint NOT NULL,
	"ranges" jsonb,
	"template_name" text,
	"template_type" text,
	"template_content" text,
	"names_list_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"card_id" uuid,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"placed_by_company_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"shipping_type" text NOT NULL,
	"state" text DEFAULT 'NEW' NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"referent_name" text,
	"referent_email" text,
	"valid_months" integer DEFAULT 1 NOT NULL,
	"company_order_number" text,
	"send_email_to_company_contact" boolean DEFAULT false NOT NULL,
	"auto_activate" boolean DEFAULT false NOT NULL,
	"shipping_address" text,
	"expire_date" date,
	"tracking_carrier" text,
	"tracking_number" text,
	"tracking_link" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"error_code" text,
	"error_detail" text,
	"cancel_from_state" text,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"physical_cards" integer DEFAULT 0 NOT NULL,
	"digital_cards" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_typology_id_card_typologies_id_fk" FOREIGN KEY ("typology_id") REFERENCES "public"."card_typologies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_company_id_companies_id_fk" FOREIGN KEY ("placed_by_company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_typology_idx" ON "order_items" USING btree ("typology_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_recipients_item_position_key" ON "order_recipients" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "order_recipients_order_idx" ON "order_recipients" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_recipients_card_idx" ON "order_recipients" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_placed_by_created_idx" ON "orders" USING btree ("placed_by_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);