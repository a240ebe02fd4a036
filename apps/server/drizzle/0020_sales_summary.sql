-- The operator's sales page (issue 39, decision 0048): what the orders came to on each UTC day, so that
-- a year's figures read hundreds of rows instead of every order. sales_days: the orders placed on the
-- day (with how many of them have been refunded since, and how many of those within the money-back
-- guarantee) and the refunds made on it. sales_day_countries: the orders placed, per billing country
-- ('' for orders placed before VAT, which have none). sales_day_lines: what their lines sold, per
-- artefact and group (group 0: the whole artefact). A trigger keeps them in the transaction of every
-- write to orders and order_lines, whatever makes it (fulfilment, a refund, a restore, a fix by hand):
-- per statement, with its transition tables, so a bulk load costs one upsert per statement, not per row.
CREATE TABLE "sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"gross_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"refunded_orders" integer NOT NULL,
	"guarantee_refunded_orders" integer NOT NULL,
	"refund_count" integer NOT NULL,
	"refunds_minor" bigint NOT NULL,
	"refund_vat_minor" bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE "sales_day_countries" (
	"day" date NOT NULL,
	"country" text NOT NULL,
	"orders" integer NOT NULL,
	"gross_minor" bigint NOT NULL,
	CONSTRAINT "sales_day_countries_day_country_pk" PRIMARY KEY("day","country")
);--> statement-breakpoint
CREATE TABLE "sales_day_lines" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"lines" integer NOT NULL,
	"paid_minor" bigint NOT NULL,
	CONSTRAINT "sales_day_lines_day_category_id_group_id_pk" PRIMARY KEY("day","category_id","group_id")
);--> statement-breakpoint
-- What an order adds on the day it was placed and, once refunded, on the day of its refund: the orders
-- of `changed` (with their sign: 1 counted, -1 taken off). Within the guarantee: refunded less than
-- MONEY_BACK_DAYS (6) x 24 hours after it was placed, as refundOrder's window (orders/money-back.ts).
CREATE FUNCTION "sales_day_figures"(changed text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT ("created_at" AT TIME ZONE ''UTC'')::date AS day, sign AS orders, sign * "amount_minor" AS gross,
      sign * "credit_minor" AS credit, sign * "discount_minor" AS discount, sign * coalesce("vat_minor", 0) AS vat,
      CASE WHEN refunded THEN sign ELSE 0 END AS refunded,
      CASE WHEN refunded AND "refunded_at" < "created_at" + interval ''144 hours'' THEN sign ELSE 0 END AS guaranteed,
      0 AS refund_count, 0 AS refunds, 0 AS refund_vat
    FROM (SELECT *, "refund_state" = ''refunded'' AND "refunded_at" IS NOT NULL AS refunded FROM (%1$s) c) placed
    UNION ALL
    SELECT ("refunded_at" AT TIME ZONE ''UTC'')::date, 0, 0, 0, 0, 0, 0, 0, sign, sign * "amount_minor",
      sign * coalesce("vat_minor", 0)
    FROM (%1$s) c WHERE "refund_state" = ''refunded'' AND "refunded_at" IS NOT NULL', changed) $$;--> statement-breakpoint
-- The rows a statement changed, each with its sign: 1 counted (inserted, or as it is after an update),
-- -1 taken off (deleted, or as it was). An update that changes nothing counted nets to nothing, which
-- HAVING leaves unwritten: most updates of an order or a line lock no summary row. An order's lines
-- move with it when its day changes; a deleted order's lines are taken off just before it goes (the
-- cascade then removes lines whose order is gone, which count nowhere).
CREATE FUNCTION "sales_changed"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows' END;
  lines text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF TG_TABLE_NAME = 'orders' THEN
      DELETE FROM "sales_days";
      DELETE FROM "sales_day_countries";
    END IF;
    DELETE FROM "sales_day_lines";
    RETURN NULL;
  ELSIF TG_LEVEL = 'ROW' THEN
    lines := format('SELECT -1 AS sign, %L::timestamptz AS created_at, * FROM "order_lines" WHERE "order_id" = %s',
      OLD."created_at", OLD."id");
  ELSIF TG_TABLE_NAME = 'orders' THEN
    EXECUTE format('INSERT INTO "sales_days" AS kept ("day", "orders", "gross_minor", "credit_minor", "discount_minor",
        "vat_minor", "refunded_orders", "guarantee_refunded_orders", "refund_count", "refunds_minor", "refund_vat_minor")
      SELECT day, sum(orders), sum(gross), sum(credit), sum(discount), sum(vat), sum(refunded), sum(guaranteed),
        sum(refund_count), sum(refunds), sum(refund_vat)
      FROM (%s) counted
      GROUP BY day
      HAVING (sum(orders), sum(gross), sum(credit), sum(discount), sum(vat), sum(refunded), sum(guaranteed),
        sum(refund_count), sum(refunds), sum(refund_vat)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      ORDER BY day
      ON CONFLICT ("day") DO UPDATE SET
        "orders" = kept."orders" + excluded."orders",
        "gross_minor" = kept."gross_minor" + excluded."gross_minor",
        "credit_minor" = kept."credit_minor" + excluded."credit_minor",
        "discount_minor" = kept."discount_minor" + excluded."discount_minor",
        "vat_minor" = kept."vat_minor" + excluded."vat_minor",
        "refunded_orders" = kept."refunded_orders" + excluded."refunded_orders",
        "guarantee_refunded_orders" = kept."guarantee_refunded_orders" + excluded."guarantee_refunded_orders",
        "refund_count" = kept."refund_count" + excluded."refund_count",
        "refunds_minor" = kept."refunds_minor" + excluded."refunds_minor",
        "refund_vat_minor" = kept."refund_vat_minor" + excluded."refund_vat_minor"', "sales_day_figures"(changed));
    EXECUTE format('INSERT INTO "sales_day_countries" AS kept ("day", "country", "orders", "gross_minor")
      SELECT ("created_at" AT TIME ZONE %L)::date, coalesce("billing_country", %L), sum(sign), sum(sign * "amount_minor")
      FROM (%s) changed
      GROUP BY 1, 2
      HAVING (sum(sign), sum(sign * "amount_minor")) <> (0, 0)
      ORDER BY 1, 2
      ON CONFLICT ("day", "country") DO UPDATE SET
        "orders" = kept."orders" + excluded."orders",
        "gross_minor" = kept."gross_minor" + excluded."gross_minor"', 'UTC', '', changed);
    IF TG_OP = 'UPDATE' THEN
      lines := 'SELECT o.sign, o."created_at", l.* FROM (SELECT 1 AS sign, "id", "created_at" FROM new_rows
        UNION ALL SELECT -1 AS sign, "id", "created_at" FROM old_rows) o JOIN "order_lines" l ON l."order_id" = o."id"';
    END IF;
  ELSE
    lines := format('SELECT l.*, o."created_at" FROM (%s) l JOIN "orders" o ON o."id" = l."order_id"', changed);
  END IF;
  IF lines IS NOT NULL THEN
    EXECUTE format('INSERT INTO "sales_day_lines" AS kept ("day", "category_id", "group_id", "lines", "paid_minor")
      SELECT ("created_at" AT TIME ZONE %L)::date, "category_id", coalesce("group_id", 0), sum(sign),
        sum(sign * ("price_minor" - "credit_minor" - "discount_minor"))
      FROM (%s) changed
      GROUP BY 1, 2, 3
      HAVING (sum(sign), sum(sign * ("price_minor" - "credit_minor" - "discount_minor"))) <> (0, 0)
      ORDER BY 1, 2, 3
      ON CONFLICT ("day", "category_id", "group_id") DO UPDATE SET
        "lines" = kept."lines" + excluded."lines",
        "paid_minor" = kept."paid_minor" + excluded."paid_minor"', 'UTC', lines);
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_orders_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_deleting" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_lines_inserted" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_lines_updated" AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_lines_deleted" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_lines_truncated" AFTER TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_changed"();--> statement-breakpoint
-- The orders placed so far, counted as the trigger counts them.
DO $$
BEGIN
  EXECUTE format('INSERT INTO "sales_days" ("day", "orders", "gross_minor", "credit_minor", "discount_minor", "vat_minor",
      "refunded_orders", "guarantee_refunded_orders", "refund_count", "refunds_minor", "refund_vat_minor")
    SELECT day, sum(orders), sum(gross), sum(credit), sum(discount), sum(vat), sum(refunded), sum(guaranteed),
      sum(refund_count), sum(refunds), sum(refund_vat)
    FROM (%s) counted GROUP BY day', "sales_day_figures"('SELECT 1 AS sign, * FROM "orders"'));
END $$;--> statement-breakpoint
INSERT INTO "sales_day_countries" ("day", "country", "orders", "gross_minor")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, coalesce("billing_country", ''), count(*), sum("amount_minor")
FROM "orders" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "sales_day_lines" ("day", "category_id", "group_id", "lines", "paid_minor")
SELECT (o."created_at" AT TIME ZONE 'UTC')::date, l."category_id", coalesce(l."group_id", 0), count(*),
  sum(l."price_minor" - l."credit_minor" - l."discount_minor")
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id" GROUP BY 1, 2, 3;
