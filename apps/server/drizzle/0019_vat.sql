-- VAT (issue 39): a tax class per artefact and per group (a group without one is taxed as its artefact),
-- the billing details a learner gave last, and each order's and line's tax as it was charged. Orders
-- placed before keep no tax (null): their documents say what they said then.
ALTER TABLE "categories" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_groups" ADD COLUMN "tax_class" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_scheme" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_class" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "net_minor" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_minor" integer;
