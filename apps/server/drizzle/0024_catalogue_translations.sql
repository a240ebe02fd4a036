-- The catalogue's texts in Spanish and French (packages/shared/src/catalogue-translations.ts): each item keeps
-- its other languages' texts beside its English columns, as {"es": {"name": "…"}, "fr": {…}}; a text missing
-- there is shown in English. Search reads each language's texts with its own dictionary: the search vectors
-- now hold the English texts by the 'english' configuration and the translations by 'spanish' and 'french'
-- (weights as before), and a query in a page's language asks both its dictionary and English's.
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "content_groups" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "content_media" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "content_groups" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('english'::regconfig, "single_line"), 'B') ||
  setweight(to_tsvector('spanish'::regconfig, coalesce("translations" #>> '{es,name}', '')), 'A') ||
  setweight(to_tsvector('spanish'::regconfig, coalesce("translations" #>> '{es,single_line}', '')), 'B') ||
  setweight(to_tsvector('french'::regconfig, coalesce("translations" #>> '{fr,name}', '')), 'A') ||
  setweight(to_tsvector('french'::regconfig, coalesce("translations" #>> '{fr,single_line}', '')), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "content_groups" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('spanish'::regconfig, coalesce("translations" #>> '{es,name}', '')), 'A') ||
  setweight(to_tsvector('french'::regconfig, coalesce("translations" #>> '{fr,name}', '')), 'A')
) STORED;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
  setweight(to_tsvector('english'::regconfig, "short_description"), 'B') ||
  setweight(to_tsvector('english'::regconfig, search_plain_text("description")), 'C') ||
  setweight(to_tsvector('spanish'::regconfig, coalesce("translations" #>> '{es,title}', '')), 'A') ||
  setweight(to_tsvector('spanish'::regconfig, coalesce("translations" #>> '{es,short_description}', '')), 'B') ||
  setweight(to_tsvector('spanish'::regconfig, search_plain_text(coalesce("translations" #>> '{es,description}', ''))), 'C') ||
  setweight(to_tsvector('french'::regconfig, coalesce("translations" #>> '{fr,title}', '')), 'A') ||
  setweight(to_tsvector('french'::regconfig, coalesce("translations" #>> '{fr,short_description}', '')), 'B') ||
  setweight(to_tsvector('french'::regconfig, search_plain_text(coalesce("translations" #>> '{fr,description}', ''))), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "content_groups_search_idx" ON "content_groups" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contents_search_idx" ON "contents" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
-- An article's title in each language, for the suggestions and the title-first search (as contents_title_search_idx).
CREATE INDEX "contents_title_es_search_idx" ON "contents" USING gin (to_tsvector('spanish'::regconfig, coalesce("translations" #>> '{es,title}', ''))) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contents_title_fr_search_idx" ON "contents" USING gin (to_tsvector('french'::regconfig, coalesce("translations" #>> '{fr,title}', ''))) WITH (fastupdate=false);
