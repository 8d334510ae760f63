-- Searches ignore accents, whichever side has them: "angstrom" finds Ångström and "Ångström" finds Angstrom, in
-- the list's search (the races' words, the dictionary, the description's full text) and on the organizer's desk
-- (registrations.search_text). unaccent is a trusted contrib extension, as pg_trgm and btree_gin are: the
-- database's owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change), which an index or a generated column may not use. This
-- wrapper is IMMUTABLE and names the function and its dictionary in the schema the extension is in (one created
-- beforehand by an administrator may be in another than ours), so no search_path changes what it does.
DO $$
DECLARE
  home text := (SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'unaccent');
BEGIN
  EXECUTE format(
    'CREATE FUNCTION "stride_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS %L',
    format('SELECT %s.unaccent(%L::regdictionary, $1)', home, home || '.unaccent'));
END $$;--> statement-breakpoint
-- The races' words lose their accents. PostgreSQL 15 cannot recompute a generated column in place, so the column
-- is made again (as in 0009), with its index and the trigger that reads it.
DROP TRIGGER "marathon_search_terms_of_renamed" ON "marathons";--> statement-breakpoint
ALTER TABLE "marathons" DROP COLUMN "search_terms";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "marathon_search_words"(title text, location text, description text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(
    SELECT unnest(tsvector_to_array(to_tsvector('simple', stride_unaccent(title || ' ' || location))))
    UNION
    SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple', stride_unaccent(description)))) AS word
      WHERE length(word) BETWEEN 3 AND 40
  )
$$;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "search_terms" text[] GENERATED ALWAYS AS (marathon_search_words(title, location, description)) STORED NOT NULL;--> statement-breakpoint
CREATE TRIGGER "marathon_search_terms_of_renamed" AFTER UPDATE OF title, location, description ON "marathons"
  FOR EACH ROW WHEN (OLD.search_terms IS DISTINCT FROM NEW.search_terms)
  EXECUTE FUNCTION "marathon_search_terms_of_renamed"();--> statement-breakpoint
-- The dictionary holds the races' words as they are now: none has an accent any more.
DELETE FROM marathon_search_terms WHERE term <> stride_unaccent(term);--> statement-breakpoint
INSERT INTO marathon_search_terms (term)
  SELECT DISTINCT unnest(search_terms) FROM marathons
  ON CONFLICT (term) DO NOTHING;--> statement-breakpoint
CREATE INDEX "marathons_search_terms_idx" ON "marathons" USING gin ("search_terms");--> statement-breakpoint
DROP INDEX "marathons_description_idx";--> statement-breakpoint
CREATE INDEX "marathons_description_idx" ON "marathons" USING gin (to_tsvector('simple', stride_unaccent("description")));--> statement-breakpoint
-- The desk's search text: "first last email", lower case, without accents; written by one function for the
-- triggers of 0004 and for the entries already there (only those it changes are written again).
CREATE FUNCTION "registration_search_text"(first_name text, last_name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(stride_unaccent(first_name || ' ' || last_name || ' ' || coalesce(email, '')))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "registrations_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := registration_search_text(NEW.first_name, NEW.last_name,
    (SELECT email FROM users WHERE id = NEW.user_id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_email_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registrations SET search_text = registration_search_text(first_name, last_name, NEW.email)
    WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE registrations SET search_text = registration_search_text(first_name, last_name, users.email)
  FROM users
  WHERE users.id = registrations.user_id
    AND search_text IS DISTINCT FROM registration_search_text(first_name, last_name, users.email);
