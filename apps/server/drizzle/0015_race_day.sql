CREATE TABLE "checkin_scans" (
	"marathon_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"result" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_scans_marathon_id_scan_id_pk" PRIMARY KEY("marathon_id","scan_id")
);
--> statement-breakpoint
CREATE TABLE "race_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"marathon_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roster_removals" (
	"marathon_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"roster_version" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checkin_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checkin_code_hash" text GENERATED ALWAYS AS (encode(sha256(checkin_code::bytea), 'hex')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_by_user_id" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_device" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "roster_version" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_staff" ADD CONSTRAINT "race_staff_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_staff" ADD CONSTRAINT "race_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "race_staff_race_email_unique" ON "race_staff" USING btree ("marathon_id","email");--> statement-breakpoint
CREATE INDEX "race_staff_user_idx" ON "race_staff" USING btree ("user_id","marathon_id") WHERE "race_staff"."status" = 'active';--> statement-breakpoint
CREATE INDEX "race_staff_invited_email_idx" ON "race_staff" USING btree ("email") WHERE "race_staff"."status" = 'invited';--> statement-breakpoint
CREATE INDEX "roster_removals_race_idx" ON "roster_removals" USING btree ("marathon_id","roster_version");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_checkin_code_unique" ON "registrations" USING btree ("checkin_code");--> statement-breakpoint
CREATE INDEX "registrations_roster_idx" ON "registrations" USING btree ("marathon_id","roster_version");--> statement-breakpoint
-- A roster's delta (issue 33): a change to what a check-in phone keeps of an entry stamps it with its transaction.
CREATE FUNCTION registrations_roster_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.roster_version := (pg_current_xact_id()::text)::bigint;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER registrations_roster_touch BEFORE UPDATE ON "registrations" FOR EACH ROW
  WHEN ((OLD.status, OLD.bib, OLD.first_name, OLD.last_name, OLD.checked_in_at, OLD.checked_in_by)
    IS DISTINCT FROM (NEW.status, NEW.bib, NEW.first_name, NEW.last_name, NEW.checked_in_at, NEW.checked_in_by))
  EXECUTE FUNCTION registrations_roster_touch();--> statement-breakpoint
-- A registered entry deleted leaves a note for the rosters' deltas (a race deleted takes its rosters with it).
CREATE FUNCTION registrations_roster_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM marathons WHERE id = OLD.marathon_id) THEN
    INSERT INTO roster_removals (marathon_id, registration_id) VALUES (OLD.marathon_id, OLD.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER registrations_roster_removal AFTER DELETE ON "registrations" FOR EACH ROW
  WHEN (OLD.status = 'registered')
  EXECUTE FUNCTION registrations_roster_removal();--> statement-breakpoint
ALTER TABLE "race_staff" ADD CONSTRAINT "race_staff_role_check" CHECK ("role" in ('coorganizer', 'checkin'));--> statement-breakpoint
ALTER TABLE "race_staff" ADD CONSTRAINT "race_staff_status_check"
  CHECK (("status" = 'invited' and "user_id" is null) or ("status" = 'active' and "user_id" is not null));
