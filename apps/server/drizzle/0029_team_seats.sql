-- Teams buy seats (issue 42, decision 0056). A cart line and an order line may be for a number of seats
-- (the whole artefact or one group) at a unit price less the operator's volume discount. A paid order makes
-- a team purchase with that many unclaimed seats and gives the buyer nothing; an invitation's code lets a
-- learner claim one seat, which grants an entitlement (linked to its seat) under the team order. A cart line
-- naming a team purchase buys more seats of it at its unit price.
CREATE TABLE "team_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"group_name" text,
	"unit_price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"holder_id" integer,
	"claimed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"code" text NOT NULL,
	"email" text,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"refund_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_purchases" ADD CONSTRAINT "team_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_purchases" ADD CONSTRAINT "team_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_purchases" ADD CONSTRAINT "team_purchases_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_purchases" ADD CONSTRAINT "team_purchases_group_id_content_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."content_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_seats" ADD CONSTRAINT "team_seats_team_id_team_purchases_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_seats" ADD CONSTRAINT "team_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_seats" ADD CONSTRAINT "team_seats_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_team_purchases_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_refunds" ADD CONSTRAINT "team_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_refunds" ADD CONSTRAINT "team_refunds_team_id_team_purchases_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_purchases_buyer_idx" ON "team_purchases" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "team_purchases_order_idx" ON "team_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "team_seats_team_idx" ON "team_seats" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_seats_order_idx" ON "team_seats" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "team_seats_holder_idx" ON "team_seats" USING btree ("holder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_seats_one_per_learner_key" ON "team_seats" USING btree ("team_id","holder_id") WHERE "team_seats"."holder_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_code_key" ON "team_invitations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "team_invitations_team_idx" ON "team_invitations" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_refunds_order_idx" ON "team_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_team_id_team_purchases_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_seats" CHECK ("cart_items"."seats" is null or "cart_items"."seats" between 1 and 500);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_price_minor" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "volume_discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN "seat_id" integer;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_seat_id_team_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."team_seats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_seat_key" ON "entitlements" USING btree ("seat_id") WHERE "entitlements"."seat_id" is not null and "entitlements"."revoked_at" is null;
--> statement-breakpoint
-- The seat manager's page (/my-teams) and the invitation links (/teams/join/{code}) take two top-level paths: a
-- category that had one of those slugs keeps it with its id after it, as 0028 did (RESERVED_SLUGS).
UPDATE "categories" SET "slug" = "slug" || '-' || "id" WHERE "slug" IN ('my-teams', 'teams');
