-- The organizer's search within a race (modules/participants): trigrams of "first last email" beside the race.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- search_text is the database's to keep: on every entry written, and on every entry of a runner whose address changes.
CREATE FUNCTION "registrations_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.first_name || ' ' || NEW.last_name || ' ' ||
    coalesce((SELECT email FROM users WHERE id = NEW.user_id), ''));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_search_text" BEFORE INSERT OR UPDATE OF first_name, last_name, user_id
  ON "registrations" FOR EACH ROW EXECUTE FUNCTION "registrations_search_text"();--> statement-breakpoint
CREATE FUNCTION "users_email_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registrations SET search_text = lower(first_name || ' ' || last_name || ' ' || NEW.email)
    WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_email_search_text" AFTER UPDATE OF email ON "users"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION "users_email_search_text"();--> statement-breakpoint
UPDATE registrations SET search_text = lower(first_name || ' ' || last_name || ' ' || users.email)
  FROM users WHERE users.id = registrations.user_id;--> statement-breakpoint
CREATE INDEX "registrations_search_idx" ON "registrations" USING gin ("marathon_id","search_text" gin_trgm_ops);
