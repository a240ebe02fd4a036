-- Full-text search of the public catalogue (/search and GET /api/search). Each searchable row carries a
-- generated tsvector, so every write (the admin editor, an import, the demo seed) keeps it in step with no
-- code of its own. Weights: names and titles A, one-line and short descriptions B, article bodies C.
-- The 'english' configuration stems words; queries add prefix matching (word:*) for search-as-you-type.
-- An article body is sanitized HTML: search_plain_text drops its tags and decodes the entities the
-- sanitizer writes, and folds white space, so markup is never indexed (plainText in search-catalogue.ts does the same for snippets).
CREATE FUNCTION "search_plain_text"(html text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(replace(replace(replace(replace(replace(replace(
    regexp_replace(html, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '\s+', ' ', 'g')) $$;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('english'::regconfig, "single_line"), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "content_groups" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A')
) STORED;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
  setweight(to_tsvector('english'::regconfig, "short_description"), 'B') ||
  setweight(to_tsvector('english'::regconfig, search_plain_text("description")), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "content_groups_search_idx" ON "content_groups" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contents_search_idx" ON "contents" USING gin ("search_vector") WITH (fastupdate=false);
