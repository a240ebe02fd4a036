-- Search ranks a bounded set of articles per query (search-catalogue.ts): those whose title matches come
-- first, found through this index of the title's own words, so that a broad prefix ("con") does not read and
-- rank the whole search_vector (bodies included) of every one of thousands of matching articles.
CREATE INDEX "contents_title_search_idx" ON "contents" USING gin (to_tsvector('english'::regconfig, "title")) WITH (fastupdate=false);
