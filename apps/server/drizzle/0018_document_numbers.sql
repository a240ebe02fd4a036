-- Invoices and credit notes (issue 39): each order gets a gapless sequential invoice number per year
-- when it is made, and a refund of such an order a credit note number of its own series. Orders
-- placed before keep their receipts (no number).
CREATE TABLE "document_numbers" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_numbers_series_year_pk" PRIMARY KEY("series","year")
);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_credit_note_number_key" ON "orders" USING btree ("credit_note_number");
