-- The list's search (issue 14): a dictionary of the races' words (typos are forgiven there), and each race's words.
CREATE TABLE "marathon_search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "marathons_search_idx";--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "search_terms" text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('simple', title || ' ' || location))) STORED NOT NULL;--> statement-breakpoint
-- The dictionary is the database's to keep: the words of every race added, and of every new title or place.
-- Words no race holds any more stay: they only cost a lookup that finds no race.
CREATE FUNCTION "marathon_search_terms_of_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO marathon_search_terms (term)
    SELECT DISTINCT unnest(search_terms) FROM inserted
    ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marathon_search_terms_of_inserted" AFTER INSERT ON "marathons"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
  EXECUTE FUNCTION "marathon_search_terms_of_inserted"();--> statement-breakpoint
CREATE FUNCTION "marathon_search_terms_of_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO marathon_search_terms (term)
    SELECT DISTINCT unnest(NEW.search_terms)
    ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marathon_search_terms_of_renamed" AFTER UPDATE OF title, location ON "marathons"
  FOR EACH ROW WHEN (OLD.search_terms IS DISTINCT FROM NEW.search_terms)
  EXECUTE FUNCTION "marathon_search_terms_of_renamed"();--> statement-breakpoint
INSERT INTO marathon_search_terms (term)
  SELECT DISTINCT unnest(search_terms) FROM marathons
  ON CONFLICT (term) DO NOTHING;--> statement-breakpoint
CREATE INDEX "marathon_search_terms_trgm_idx" ON "marathon_search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marathons_search_terms_idx" ON "marathons" USING gin ("search_terms");
