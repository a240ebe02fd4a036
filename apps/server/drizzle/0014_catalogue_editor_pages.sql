-- The catalogue editor reads a page of the tree at a time (read-admin-catalogue.ts): its parents are a range of their
-- own index, in their order. Its search finds any part of a
-- name, slug or title through trigram indexes, and its Sold badges ask the order lines of the shown artefacts and groups
-- only, as the check before a delete does, through indexes of their own (it read every order line before).
CREATE INDEX "categories_parents_order_idx" ON "categories" USING btree ("sort_order","id") WHERE "categories"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "categories_slug_trgm_idx" ON "categories" USING gin ("slug" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "content_groups_name_trgm_idx" ON "content_groups" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contents_title_trgm_idx" ON "contents" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "order_lines_category_idx" ON "order_lines" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "order_lines_group_idx" ON "order_lines" USING btree ("group_id");
