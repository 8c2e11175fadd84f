-- Issue 43: the dashboard's "consumed" figures net cancelled consumptions (the rule:
-- server/modules/dashboard/rollup.ts, CONSUMED_COUNT / CONSUMED_CENTS). Data only, no schema change:
-- the summaries of the days already summarized that hold a SUCCESS CANCEL of a CONSUME or of a
-- RETURN (the only days whose figures the rule changes) are rewritten here, at the upgrade, with
-- the new rule (a frozen copy of rewriteDays' SQL for those days) and their summarized_at renewed.
-- Done here rather than by unmarking the days for the rollup job, so an instance of the previous
-- release that runs the job during a rolling release finds no day missing to fill with the old
-- rule (it may rewrite yesterday and today, which the next run of the new release rewrites again).
DELETE FROM "giftcard_stats_daily" WHERE "day" IN (
  SELECT s."day" FROM "giftcard_stats_days" s WHERE s."day" IN (
    SELECT (t."created_at" AT TIME ZONE 'Europe/Rome')::date FROM "gift_card_transactions" t
    JOIN "gift_card_transactions" u ON u."id" = t."related_transaction_id"
    WHERE t."type" = 'CANCEL' AND t."result" = 'SUCCESS' AND u."type" IN ('CONSUME', 'RETURN')));--> statement-breakpoint
DELETE FROM "giftcard_store_stats_daily" WHERE "day" IN (
  SELECT s."day" FROM "giftcard_stats_days" s WHERE s."day" IN (
    SELECT (t."created_at" AT TIME ZONE 'Europe/Rome')::date FROM "gift_card_transactions" t
    JOIN "gift_card_transactions" u ON u."id" = t."related_transaction_id"
    WHERE t."type" = 'CANCEL' AND t."result" = 'SUCCESS' AND u."type" IN ('CONSUME', 'RETURN')));--> statement-breakpoint
INSERT INTO "giftcard_stats_daily" ("day", "company_id", "typology_id", "sold_count", "activated_count", "activated_cents", "consumed_count", "consumed_cents", "net_cents")
  SELECT (t."created_at" AT TIME ZONE 'Europe/Rome')::date, t."company_id", c."typology_id",
    count(*) FILTER (WHERE t."type" = 'SOLD'),
    count(*) FILTER (WHERE t."type" = 'ACTIVATE'),
    COALESCE(sum(t."amount_cents") FILTER (WHERE t."type" = 'ACTIVATE'), 0),
    count(*) FILTER (WHERE t."type" = 'CONSUME') - count(*) FILTER (WHERE undone."type" = 'CONSUME'),
    -COALESCE(sum(t."amount_cents") FILTER (WHERE t."type" IN ('CONSUME', 'RETURN') OR undone."type" IN ('CONSUME', 'RETURN')), 0),
    COALESCE(sum(t."amount_cents"), 0)
  FROM "gift_card_transactions" t JOIN "gift_cards" c ON c."id" = t."card_id"
  LEFT JOIN "gift_card_transactions" undone ON t."type" = 'CANCEL' AND undone."id" = t."related_transaction_id"
  WHERE t."result" = 'SUCCESS' AND (t."created_at" AT TIME ZONE 'Europe/Rome')::date IN (
    SELECT s."day" FROM "giftcard_stats_days" s WHERE s."day" IN (
      SELECT (x."created_at" AT TIME ZONE 'Europe/Rome')::date FROM "gift_card_transactions" x
      JOIN "gift_card_transactions" u ON u."id" = x."related_transaction_id"
      WHERE x."type" = 'CANCEL' AND x."result" = 'SUCCESS' AND u."type" IN ('CONSUME', 'RETURN')))
  GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "giftcard_store_stats_daily" ("day", "company_id", "store_id", "sold_count", "activated_count", "activated_cents", "consumed_count", "consumed_cents")
  SELECT (t."created_at" AT TIME ZONE 'Europe/Rome')::date, t."company_id", COALESCE(t."store_id", '00000000-0000-0000-0000-000000000000'::uuid),
    count(*) FILTER (WHERE t."type" = 'SOLD'),
    count(*) FILTER (WHERE t."type" = 'ACTIVATE'),
    COALESCE(sum(t."amount_cents") FILTER (WHERE t."type" = 'ACTIVATE'), 0),
    count(*) FILTER (WHERE t."type" = 'CONSUME') - count(*) FILTER (WHERE undone."type" = 'CONSUME'),
    -COALESCE(sum(t."amount_cents") FILTER (WHERE t."type" IN ('CONSUME', 'RETURN') OR undone."type" IN ('CONSUME', 'RETURN')), 0)
  FROM "gift_card_transactions" t
  LEFT JOIN "gift_card_transactions" undone ON t."type" = 'CANCEL' AND undone."id" = t."related_transaction_id"
  WHERE t."result" = 'SUCCESS' AND (t."type" IN ('SOLD', 'ACTIVATE', 'CONSUME', 'RETURN') OR undone."type" IN ('CONSUME', 'RETURN'))
    AND (t."created_at" AT TIME ZONE 'Europe/Rome')::date IN (
    SELECT s."day" FROM "giftcard_stats_days" s WHERE s."day" IN (
      SELECT (x."created_at" AT TIME ZONE 'Europe/Rome')::date FROM "gift_card_transactions" x
      JOIN "gift_card_transactions" u ON u."id" = x."related_transaction_id"
      WHERE x."type" = 'CANCEL' AND x."result" = 'SUCCESS' AND u."type" IN ('CONSUME', 'RETURN')))
  GROUP BY 1, 2, 3;--> statement-breakpoint
UPDATE "giftcard_stats_days" SET "summarized_at" = now() WHERE "day" IN (
  SELECT (t."created_at" AT TIME ZONE 'Europe/Rome')::date FROM "gift_card_transactions" t
  JOIN "gift_card_transactions" u ON u."id" = t."related_transaction_id"
  WHERE t."type" = 'CANCEL' AND t."result" = 'SUCCESS' AND u."type" IN ('CONSUME', 'RETURN'));
