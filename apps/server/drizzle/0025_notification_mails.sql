-- Notification mails (issue 40). A notification to be mailed waits with mail_pending until the mail
-- worker turns it into a message of the outbox; mail_claimed_until is the worker's lease on it, so
-- that one instance renders it and one mail is queued, even across a restart. Older notifications
-- are not pending: nobody is mailed about what happened before this migration.
ALTER TABLE "notifications" ADD COLUMN "mail_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("id") WHERE "notifications"."mail_pending";--> statement-breakpoint
-- Headers a message carries besides the usual ones (List-Unsubscribe and List-Unsubscribe-Post).
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;
