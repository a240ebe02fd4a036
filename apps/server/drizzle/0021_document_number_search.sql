-- The admin order search finds an order by any part of its invoice or credit note number (pg_trgm), as by
-- its order number and transaction id.
CREATE INDEX "orders_invoice_number_trgm_idx" ON "orders" USING gin ("invoice_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_credit_note_number_trgm_idx" ON "orders" USING gin ("credit_note_number" gin_trgm_ops) WITH (fastupdate=false);
