-- Every e-mail a tracked communication (issue 41). Expand only, so instances of the previous
-- release keep working beside this one (db/rollout.test.ts): the outbox gains the states sending
-- and retrying (text, no constraint), the job delivering it
-- (a pending row whose job is gone is queued again by the outbox sweep) and the e-mail a resend
-- sends again; a job may be retried until a time whatever its max_attempts (jobs/runner.ts,
-- RetryLater). The e-mails screen lists the outbox and square's communications newest first.
ALTER TABLE "jobs" ADD COLUMN "retry_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "resent_from" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_resent_from_email_outbox_id_fk" FOREIGN KEY ("resent_from") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "square_communications_created_idx" ON "square_communications" USING btree ("created_at","id");