-- The list's search (issue 14): word similarity over title and location, full text over the description.
CREATE INDEX "marathons_search_idx" ON "marathons" USING gin (("title" || ' ' || "location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marathons_description_idx" ON "marathons" USING gin (to_tsvector('simple', "description"));