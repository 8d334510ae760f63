CREATE TABLE "checkins" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"marathon_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" text NOT NULL,
	"checked_in_by_user_id" text,
	"device" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"roster_version" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkins_roster_idx" ON "checkins" USING btree ("marathon_id","roster_version");--> statement-breakpoint
-- Check-ins move to a table of their own (issue 33): the check-ins made so far come along.
INSERT INTO "checkins" ("registration_id", "marathon_id", "checked_in_at", "checked_in_by", "checked_in_by_user_id",
    "device", "recorded_at")
  SELECT "id", "marathon_id", "checked_in_at", coalesce("checked_in_by", ''), "checked_in_by_user_id",
    "checked_in_device", coalesce("checked_in_recorded_at", "checked_in_at")
  FROM "registrations" WHERE "checked_in_at" IS NOT NULL;--> statement-breakpoint
DROP TRIGGER registrations_roster_touch ON "registrations";--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "checked_in_at";--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "checked_in_by";--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "checked_in_by_user_id";--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "checked_in_device";--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "checked_in_recorded_at";--> statement-breakpoint
-- A change to what a check-in phone keeps of an entry stamps it with its transaction (check-ins stamp their own row).
CREATE TRIGGER registrations_roster_touch BEFORE UPDATE ON "registrations" FOR EACH ROW
  WHEN ((OLD.status, OLD.bib, OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.status, NEW.bib, NEW.first_name, NEW.last_name))
  EXECUTE FUNCTION registrations_roster_touch();
