-- The operator's changes to the committed VAT rate table: a country's rate of one class from a day on.
CREATE TABLE "vat_rate_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"tax_class" text NOT NULL,
	"rate_hundredths" integer NOT NULL,
	"valid_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "vat_rate_overrides_rate_check" CHECK ("rate_hundredths" BETWEEN 0 AND 10000),
	CONSTRAINT "vat_rate_overrides_class_check" CHECK ("tax_class" IN ('standard', 'e_publication'))
);--> statement-breakpoint
ALTER TABLE "vat_rate_overrides" ADD CONSTRAINT "vat_rate_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rate_overrides_key" ON "vat_rate_overrides" USING btree ("country","tax_class","valid_from");
