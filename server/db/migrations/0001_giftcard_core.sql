CREATE TABLE "card_typologies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value_cents" bigint,
	"variable_value" boolean DEFAULT false NOT NULL,
	"sku" text NOT NULL,
	"expiration_type" text NOT NULL,
	"expiration_months" integer,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_typologies_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "gift_card_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"result" text DEFAULT 'SUCCESS' NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"frozen_delta_cents" bigint DEFAULT 0 NOT NULL,
	"store_id" uuid,
	"return_number" text,
	"related_transaction_id" uuid,
	"cancelled_by_transaction_id" uuid,
	"unfrozen_by_transaction_id" uuid,
	"returned_cents" bigint DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"typology_id" uuid NOT NULL,
	"code" text NOT NULL,
	"progressive" bigint NOT NULL,
	"lot_number" text,
	"order_reference" text,
	"status" text DEFAULT 'NOT_ACTIVE' NOT NULL,
	"enabled_status" text,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"frozen_cents" bigint DEFAULT 0 NOT NULL,
	"value_cents" bigint,
	"activation_date" timestamp with time zone,
	"expire_date" timestamp with time zone,
	"first_use_date" timestamp with time zone,
	"ever_consumed" boolean DEFAULT false NOT NULL,
	"activation_store_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"store_category_id" text NOT NULL,
	"is_default_activation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_typologies" ADD CONSTRAINT "card_typologies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_typology_id_card_typologies_id_fk" FOREIGN KEY ("typology_id") REFERENCES "public"."card_typologies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_activation_store_id_stores_id_fk" FOREIGN KEY ("activation_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_typologies_company_idx" ON "card_typologies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "gift_card_tx_company_created_idx" ON "gift_card_transactions" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_card_tx_created_idx" ON "gift_card_transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_card_tx_card_created_idx" ON "gift_card_transactions" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_tx_company_type_created_idx" ON "gift_card_transactions" USING btree ("company_id","type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_card_tx_store_created_idx" ON "gift_card_transactions" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_card_tx_related_idx" ON "gift_card_transactions" USING btree ("related_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_key" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_company_progressive_idx" ON "gift_cards" USING btree ("company_id","progressive","id");--> statement-breakpoint
CREATE INDEX "gift_cards_progressive_idx" ON "gift_cards" USING btree ("progressive","id");--> statement-breakpoint
CREATE INDEX "gift_cards_company_created_idx" ON "gift_cards" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_cards_company_status_idx" ON "gift_cards" USING btree ("company_id","status","progressive");--> statement-breakpoint
CREATE INDEX "gift_cards_company_lot_idx" ON "gift_cards" USING btree ("company_id","lot_number","progressive");--> statement-breakpoint
CREATE INDEX "gift_cards_company_order_ref_idx" ON "gift_cards" USING btree ("company_id","order_reference","progressive");--> statement-breakpoint
CREATE INDEX "gift_cards_company_activation_idx" ON "gift_cards" USING btree ("company_id","activation_date","id");--> statement-breakpoint
CREATE INDEX "gift_cards_company_expire_idx" ON "gift_cards" USING btree ("company_id","expire_date","id");--> statement-breakpoint
CREATE INDEX "gift_cards_store_idx" ON "gift_cards" USING btree ("activation_store_id","progressive");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_company_code_key" ON "stores" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_default_activation_key" ON "stores" USING btree ("company_id") WHERE "stores"."is_default_activation";