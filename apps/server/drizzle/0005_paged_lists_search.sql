-- pg_trgm: the admin searches match any part of a name, e-mail, order number or transaction id through trigram
-- GIN indexes. It is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads it
-- from @electric-sql/pglite/contrib/pg_trgm (db/client.ts). fastupdate is off: new rows go straight into the
-- index instead of a pending list that only VACUUM empties, which PGlite never runs by itself and which the
-- planner prices so high that it scans the table instead.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "entitlements_user_created_idx" ON "entitlements" USING btree ("user_id","created_at","id") WHERE "entitlements"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_transaction_trgm_idx" ON "orders" USING gin ("transaction_id" gin_trgm_ops) WITH (fastupdate=false);