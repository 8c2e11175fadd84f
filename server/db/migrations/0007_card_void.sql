ALTER TABLE "gift_cards" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
-- the cards cancelled orders voided before the marker existed (CANCEL rows, DISABLED) are marked now
UPDATE "gift_cards" AS g SET "voided_at" = COALESCE(o."cancelled_at", now())
  FROM "orders" AS o
  WHERE o."state" = 'CANCELLED' AND g."order_reference" = o."number" AND g."company_id" = o."company_id";
