-- Issue 35's draw writes less (ADR 035, docs/PERFORMANCE.md): 100,000 entries drawn at once.
-- 1. The public record is one value, the drawn order, beside the seed; each entry keeps its own position.
ALTER TABLE "registrations" ADD COLUMN "ballot_position" integer;--> statement-breakpoint
ALTER TABLE "ballot_seeds" ADD COLUMN "drawn_order" uuid[];--> statement-breakpoint
UPDATE "ballot_seeds" SET "drawn_order" = (
  SELECT array_agg("registration_id" ORDER BY "position") FROM "ballot_entries"
  WHERE "ballot_entries"."marathon_id" = "ballot_seeds"."marathon_id")
  WHERE "winners" IS NOT NULL;--> statement-breakpoint
UPDATE "registrations" SET "ballot_position" = "ballot_entries"."position"
  FROM "ballot_entries" WHERE "ballot_entries"."registration_id" = "registrations"."id";--> statement-breakpoint
DROP TABLE "ballot_entries" CASCADE;--> statement-breakpoint
-- 2. An entry's check-in code is given when it first gets a place, not when it is made: the ballot's and the
-- line's entries (most of a big race's) then cost the code's unique index nothing. Codes already given stay.
ALTER TABLE "registrations" ALTER COLUMN "checkin_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "checkin_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "checkin_code_hash" DROP NOT NULL;--> statement-breakpoint
CREATE FUNCTION registrations_checkin_code_given() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.checkin_code := replace(gen_random_uuid()::text, '-', '');
  RETURN NEW;
END $$;--> statement-breakpoint
-- Named to run before registrations_roster_touch (BEFORE triggers run by name), which then sees the new code.
CREATE TRIGGER registrations_checkin_code_given BEFORE INSERT OR UPDATE OF status ON "registrations" FOR EACH ROW
  WHEN (NEW.status = 'registered' AND NEW.checkin_code IS NULL)
  EXECUTE FUNCTION registrations_checkin_code_given();--> statement-breakpoint
-- 3. The rosters list registered entries only: an entry that neither was nor is registered needs no new version.
DROP TRIGGER registrations_roster_touch ON "registrations";--> statement-breakpoint
CREATE TRIGGER registrations_roster_touch BEFORE UPDATE ON "registrations" FOR EACH ROW
  WHEN ((OLD.status = 'registered' OR NEW.status = 'registered')
    AND (OLD.status, OLD.bib, OLD.first_name, OLD.last_name, OLD.checkin_code)
      IS DISTINCT FROM (NEW.status, NEW.bib, NEW.first_name, NEW.last_name, NEW.checkin_code))
  EXECUTE FUNCTION registrations_roster_touch();
