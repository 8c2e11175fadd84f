CREATE TABLE "card_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"typology_id" uuid NOT NULL,
	"lot_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"order_reference" text,
	"expire_date" date,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"progressive_from" bigint,
	"progressive_to" bigint,
	"generated_count" integer DEFAULT 0 NOT NULL,
	"activation_count" integer DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone,
	"archive_status" text,
	"archive_count" integer DEFAULT 0 NOT NULL,
	"archive_file" text,
	"archive_bytes" bigint,
	"error_message" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "typology_progressives" (
	"typology_id" uuid PRIMARY KEY NOT NULL,
	"last_progressive" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_batches" ADD CONSTRAINT "card_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_batches" ADD CONSTRAINT "card_batches_typology_id_card_typologies_id_fk" FOREIGN KEY ("typology_id") REFERENCES "public"."card_typologies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_batches" ADD CONSTRAINT "card_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typology_progressives" ADD CONSTRAINT "typology_progressives_typology_id_card_typologies_id_fk" FOREIGN KEY ("typology_id") REFERENCES "public"."card_typologies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_batches_lot_number_key" ON "card_batches" USING btree ("lot_number");--> statement-breakpoint
CREATE INDEX "card_batches_company_created_idx" ON "card_batches" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_batches_typology_idx" ON "card_batches" USING btree ("typology_id");--> statement-breakpoint
-- progressives already handed out continue from the highest one of each typology
INSERT INTO "typology_progressives" ("typology_id", "last_progressive") SELECT "typology_id", max("progressive") FROM "gift_cards" GROUP BY "typology_id";
