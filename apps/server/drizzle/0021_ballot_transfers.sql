CREATE TABLE "ballot_entries" (
	"marathon_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"registration_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "ballot_entries_marathon_id_position_pk" PRIMARY KEY("marathon_id","position")
);
--> statement-breakpoint
CREATE TABLE "ballot_seeds" (
	"marathon_id" uuid PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"winners" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"marathon_id" uuid NOT NULL,
	"from_user_id" text,
	"from_name" text NOT NULL,
	"from_email" text NOT NULL,
	"to_email" text NOT NULL,
	"to_user_id" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_status_check";--> statement-breakpoint
DROP INDEX "registrations_marathon_user_unique";--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "entry_mode" text DEFAULT 'first_come' NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "ballot_draw_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "ballot_drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "ballot_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "transfers_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ballot_entries" ADD CONSTRAINT "ballot_entries_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_seeds" ADD CONSTRAINT "ballot_seeds_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ballot_entries_registration_idx" ON "ballot_entries" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_token_hash_unique" ON "transfers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_open_unique" ON "transfers" USING btree ("registration_id") WHERE "transfers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "transfers_registration_idx" ON "transfers" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE INDEX "marathons_ballot_due_idx" ON "marathons" USING btree ("ballot_draw_at") WHERE "marathons"."entry_mode" = 'ballot' and "marathons"."ballot_drawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_marathon_user_unique" ON "registrations" USING btree ("marathon_id","user_id") WHERE "registrations"."status" in ('registered', 'waitlisted', 'pending_payment', 'ballot');--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_ballot_count_check" CHECK ("marathons"."ballot_count" >= 0);--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_entry_mode_check" CHECK ("marathons"."entry_mode" in ('first_come', 'ballot'));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_check" CHECK (("registrations"."status" = 'registered' and "registrations"."bib" is not null and "registrations"."waitlist_seq" is null)
        or ("registrations"."status" = 'waitlisted' and "registrations"."bib" is null and "registrations"."waitlist_seq" is not null)
        or ("registrations"."status" = 'pending_payment' and "registrations"."bib" is null and "registrations"."waitlist_seq" is null
          and "registrations"."hold_expires_at" is not null)
        or ("registrations"."status" = 'ballot' and "registrations"."bib" is null and "registrations"."waitlist_seq" is null
          and "registrations"."hold_expires_at" is null)
        or ("registrations"."status" in ('cancelled', 'expired') and "registrations"."bib" is null and "registrations"."waitlist_seq" is null));--> statement-breakpoint
-- A transfer gives the entry a new check-in code: the rosters' deltas carry its hash.
DROP TRIGGER registrations_roster_touch ON "registrations";--> statement-breakpoint
CREATE TRIGGER registrations_roster_touch BEFORE UPDATE ON "registrations" FOR EACH ROW
  WHEN ((OLD.status, OLD.bib, OLD.first_name, OLD.last_name, OLD.checkin_code)
    IS DISTINCT FROM (NEW.status, NEW.bib, NEW.first_name, NEW.last_name, NEW.checkin_code))
  EXECUTE FUNCTION registrations_roster_touch();--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_status_check" CHECK ("status" in ('offered', 'accepted', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "ballot_entries" ADD CONSTRAINT "ballot_entries_outcome_check" CHECK ("outcome" in ('won', 'waitlisted'));
