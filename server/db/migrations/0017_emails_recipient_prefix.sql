-- The e-mails list's recipient filter (`lower(recipient) LIKE 'prefix%'`, emails/repository.ts)
-- reads these instead of walking both tables newest first: 400,000 outbox rows, a 1-row prefix,
-- 158 ms → 2.3 ms on PostgreSQL 15 here. Built in the migration's transaction: writes to the two
-- tables wait for the build (seconds per million rows).
CREATE INDEX "email_outbox_recipient_idx" ON "email_outbox" USING btree (lower("to_address") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "square_communications_recipient_idx" ON "square_communications" USING btree (lower("recipient") text_pattern_ops);