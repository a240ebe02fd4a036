-- The coupons screen reads a page of codes at a time (manage-coupons.ts): newest first over their own index, searched
-- by any part of the code through a trigram index. Its artefact picker offers the first artefacts by name, or those a
-- search finds (categories_name_trgm_idx), rather than every artefact in the store.
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_code_trgm_idx" ON "coupons" USING gin ("code" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "categories_artefacts_name_idx" ON "categories" USING btree ("name","id") WHERE "categories"."parent_id" is not null;
