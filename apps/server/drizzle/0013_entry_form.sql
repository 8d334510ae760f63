-- The entry form (issue 31, ADR 031): what a race asks (standard fields, T-shirt sizes, questions, a waiver, a
-- minimum age, age groups) and each registration's answers. Ages count whole years to the race's start day where it
-- is run (a 29 February birthday on 1 March in other years, as age() counts); a group is labelled by its bounds.
CREATE FUNCTION stride_age_on(birth date, day date) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN date_part('year', age(day::timestamp, birth::timestamp))::integer;
--> statement-breakpoint
CREATE FUNCTION stride_age_group(age integer, bounds integer[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT CASE WHEN i = cardinality(bounds) THEN bounds[i] || '+' ELSE bounds[i] || '–' || (bounds[i + 1] - 1) END
    FROM (SELECT max(i) AS i FROM generate_subscripts(bounds, 1) AS i WHERE bounds[i] <= age) AS found
    WHERE i IS NOT NULL
  );
--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "registration_fields" jsonb DEFAULT '{"dateOfBirth":"off","gender":"off","tShirtSize":"off","emergencyContact":"off"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "t_shirt_sizes" text[] DEFAULT '{"XS","S","M","L","XL","XXL"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "retired_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "waiver_text" text;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "waiver_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "minimum_age" integer;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "age_groups" integer[];--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "form_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "t_shirt_size" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "emergency_contact_name" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "emergency_contact_phone" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waiver_version" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waiver_accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "registrations_gender_idx" ON "registrations" USING btree ("marathon_id","gender","date_of_birth");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_gender_check" CHECK ("registrations"."gender" in ('female', 'male', 'nonbinary'));