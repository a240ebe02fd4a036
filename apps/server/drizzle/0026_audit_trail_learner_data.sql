-- The audit trail and a learner's data (issue 41, decision 0055). audit_events holds one row per
-- operator action (written in the action's transaction) and per security event; it is pruned after
-- AUDIT_RETENTION_DAYS. account_deletions holds the one-time links of "Delete my account".
-- sessions.authenticated_at is when the session's holder last proved who they are (a deletion needs
-- it within 10 minutes); sessions from before this migration have none and must sign in again to delete.
-- users.deleted_at marks an account deleted by its owner: the row stays, anonymised, for its orders.
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_email" text,
	"action" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"before" jsonb,
	"after" jsonb,
	"details" jsonb,
	"ip" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_idx" ON "audit_events" USING btree ("actor_email","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_object_idx" ON "audit_events" USING btree ("object_type","object_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_token_hash_key" ON "account_deletions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_deletions_user_idx" ON "account_deletions" USING btree ("user_id");
