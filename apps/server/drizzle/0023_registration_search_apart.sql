-- The desk's search text moves out of the entry into a table of its own (issue 35, docs/PERFORMANCE.md): a change
-- of an entry's status (a draw moves 100,000 at once) writes a new version of the entry into every index of
-- registrations, and the trigram index was the dearest of them. The text changes only with a name or an address.
CREATE TABLE "registration_search" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"marathon_id" uuid NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_search" ADD CONSTRAINT "registration_search_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "registration_search" ("registration_id", "marathon_id", "search_text")
  SELECT "id", "marathon_id", "search_text" FROM "registrations";--> statement-breakpoint
CREATE INDEX "registration_search_idx" ON "registration_search" USING gin ("marathon_id","search_text" gin_trgm_ops);--> statement-breakpoint
DROP TRIGGER "registrations_search_text" ON "registrations";--> statement-breakpoint
DROP INDEX "registrations_search_idx";--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "search_text";--> statement-breakpoint
-- The same text (migration 0011's registration_search_text), written beside the entry when it is made and when its
-- names or its runner change (a transfer).
CREATE OR REPLACE FUNCTION "registrations_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  text_now text := registration_search_text(NEW.first_name, NEW.last_name,
    (SELECT email FROM users WHERE id = NEW.user_id));
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO registration_search (registration_id, marathon_id, search_text)
      VALUES (NEW.id, NEW.marathon_id, text_now);
  ELSE
    UPDATE registration_search SET search_text = text_now
      WHERE registration_id = NEW.id AND search_text IS DISTINCT FROM text_now;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_search_text" AFTER INSERT OR UPDATE OF first_name, last_name, user_id
  ON "registrations" FOR EACH ROW EXECUTE FUNCTION "registrations_search_text"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_email_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registration_search SET search_text = registration_search_text(entry.first_name, entry.last_name, NEW.email)
    FROM registrations entry
    WHERE entry.user_id = NEW.id AND registration_search.registration_id = entry.id;
  RETURN NULL;
END $$;
