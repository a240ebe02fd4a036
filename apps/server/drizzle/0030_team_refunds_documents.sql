-- A refund of a team order's unclaimed seats (issue 42) is a document and a figure of its own: each line it
-- refunds is a team_refunds row with its share of the line's price, what went back, the VAT inside that and
-- the credit note it is on (CN-2026-000008, numbered with the whole refunds' credit notes). The order keeps
-- what its seats' refunds gave back so far, so that an operator's later refund of the whole order gives back
-- the rest only, and the sales summary counts that rest on the day of the whole refund.
ALTER TABLE "team_refunds" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "team_refunds" ADD COLUMN "price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_refunds" ADD COLUMN "net_minor" integer;--> statement-breakpoint
ALTER TABLE "team_refunds" ADD COLUMN "vat_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_refunds" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
CREATE INDEX "team_refunds_credit_note_number_idx" ON "team_refunds" USING btree ("credit_note_number");--> statement-breakpoint
ALTER TABLE "team_refunds" ADD CONSTRAINT "team_refunds_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seats_refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seats_refunded_vat_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seats_refunded_at" timestamp with time zone;--> statement-breakpoint
-- As 0020's, but a whole refund gives back what the seats' refunds of the order left.
CREATE OR REPLACE FUNCTION "sales_day_figures"(changed text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT ("created_at" AT TIME ZONE ''UTC'')::date AS day, sign AS orders, sign * "amount_minor" AS gross,
      sign * "credit_minor" AS credit, sign * "discount_minor" AS discount, sign * coalesce("vat_minor", 0) AS vat,
      CASE WHEN refunded THEN sign ELSE 0 END AS refunded,
      CASE WHEN refunded AND "refunded_at" < "created_at" + interval ''144 hours'' THEN sign ELSE 0 END AS guaranteed,
      0 AS refund_count, 0 AS refunds, 0 AS refund_vat
    FROM (SELECT *, "refund_state" = ''refunded'' AND "refunded_at" IS NOT NULL AS refunded FROM (%1$s) c) placed
    UNION ALL
    SELECT ("refunded_at" AT TIME ZONE ''UTC'')::date, 0, 0, 0, 0, 0, 0, 0, sign,
      sign * ("amount_minor" - "seats_refunded_minor"), sign * (coalesce("vat_minor", 0) - "seats_refunded_vat_minor")
    FROM (%1$s) c WHERE "refund_state" = ''refunded'' AND "refunded_at" IS NOT NULL', changed) $$;--> statement-breakpoint
-- A refund of seats counts on the day it was made: one refund per order and moment, what went back and its VAT.
-- As sales_changed, per statement with its transition tables and a sign per row.
CREATE FUNCTION "sales_seats_refunded"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows' END;
BEGIN
  EXECUTE format('INSERT INTO "sales_days" AS kept ("day", "orders", "gross_minor", "credit_minor", "discount_minor",
      "vat_minor", "refunded_orders", "guarantee_refunded_orders", "refund_count", "refunds_minor", "refund_vat_minor")
    SELECT day, 0, 0, 0, 0, 0, 0, 0, sum(refunds), sum(amount), sum(vat)
    FROM (
      SELECT ("created_at" AT TIME ZONE %L)::date AS day, sign * count(DISTINCT ("order_id", "created_at")) AS refunds,
        sum(sign * "amount_minor") AS amount, sum(sign * "vat_minor") AS vat
      FROM (%s) changed
      GROUP BY 1, sign
    ) counted
    GROUP BY day
    HAVING (sum(refunds), sum(amount), sum(vat)) <> (0, 0, 0)
    ORDER BY day
    ON CONFLICT ("day") DO UPDATE SET
      "refund_count" = kept."refund_count" + excluded."refund_count",
      "refunds_minor" = kept."refunds_minor" + excluded."refunds_minor",
      "refund_vat_minor" = kept."refund_vat_minor" + excluded."refund_vat_minor"', 'UTC', changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_seat_refunds_inserted" AFTER INSERT ON "team_refunds" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_seats_refunded"();--> statement-breakpoint
CREATE TRIGGER "sales_seat_refunds_updated" AFTER UPDATE ON "team_refunds" REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_seats_refunded"();--> statement-breakpoint
CREATE TRIGGER "sales_seat_refunds_deleted" AFTER DELETE ON "team_refunds" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_seats_refunded"();
