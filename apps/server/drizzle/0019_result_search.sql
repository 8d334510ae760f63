CREATE INDEX "race_results_search_idx" ON "race_results" USING gin ("marathon_id","search_text" gin_trgm_ops);--> statement-breakpoint
-- Names are searched without their accents from now on.
UPDATE "race_results" SET "search_text" = stride_unaccent("search_text");
