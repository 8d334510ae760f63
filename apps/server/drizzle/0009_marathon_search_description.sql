-- The list's search (issue 28): the description's words join the dictionary, so their typos are forgiven too.
-- Words under 3 letters forgive no typo and words over 40 are links or codes: left out, they keep the dictionary
-- and each race's words small; the description's full-text index still finds them exactly.
-- A function, as a generated column may not hold a subquery; PostgreSQL 15 cannot change a generated column's
-- expression either, so the column is made again (its index and the trigger that reads it with it).
CREATE FUNCTION "marathon_search_words"(title text, location text, description text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(
    SELECT unnest(tsvector_to_array(to_tsvector('simple', title || ' ' || location)))
    UNION
    SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple', description))) AS word
      WHERE length(word) BETWEEN 3 AND 40
  )
$$;--> statement-breakpoint
DROP TRIGGER "marathon_search_terms_of_renamed" ON "marathons";--> statement-breakpoint
ALTER TABLE "marathons" drop column "search_terms";--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "search_terms" text[] GENERATED ALWAYS AS (marathon_search_words(title, location, description)) STORED NOT NULL;--> statement-breakpoint
CREATE TRIGGER "marathon_search_terms_of_renamed" AFTER UPDATE OF title, location, description ON "marathons"
  FOR EACH ROW WHEN (OLD.search_terms IS DISTINCT FROM NEW.search_terms)
  EXECUTE FUNCTION "marathon_search_terms_of_renamed"();--> statement-breakpoint
INSERT INTO marathon_search_terms (term)
  SELECT DISTINCT unnest(search_terms) FROM marathons
  ON CONFLICT (term) DO NOTHING;--> statement-breakpoint
CREATE INDEX "marathons_search_terms_idx" ON "marathons" USING gin ("search_terms");
