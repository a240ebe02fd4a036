ALTER TABLE "payments" ALTER COLUMN "provider_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transaction_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
-- Before one open payment per learner is enforced: older open attempts of a learner are superseded by the newest,
-- and every open one is handed to the reconciler at once.
UPDATE "payments" SET "status" = 'superseded', "completed_at" = now()
WHERE "status" = 'pending' AND EXISTS (
  SELECT 1 FROM "payments" AS newer
  WHERE newer."user_id" = "payments"."user_id" AND newer."status" = 'pending' AND newer."id" > "payments"."id"
);--> statement-breakpoint
UPDATE "payments" SET "next_check_at" = now() WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "payments" AS p SET "transaction_id" = o."transaction_id" FROM "orders" AS o WHERE o."payment_id" = p."id";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_key" ON "payments" USING btree ("user_id") WHERE "payments"."status" in ('opening', 'pending');--> statement-breakpoint
CREATE INDEX "payments_reconcile_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."status" in ('opening', 'pending', 'refunding');