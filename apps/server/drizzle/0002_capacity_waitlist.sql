CREATE SEQUENCE "public"."registrations_waitlist_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "waitlist_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "bibs_issued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "status" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "bib" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waitlist_seq" bigint;--> statement-breakpoint
-- Every runner already registered holds a place: bibs in the order they registered, per race.
UPDATE "registrations" SET "bib" = "numbered"."bib"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "marathon_id" ORDER BY "created_at", "id")::int AS "bib"
  FROM "registrations"
) AS "numbered"
WHERE "registrations"."id" = "numbered"."id";--> statement-breakpoint
UPDATE "marathons" SET "bibs_issued" = "total_registration_count";--> statement-breakpoint
CREATE INDEX "registrations_waitlist_idx" ON "registrations" USING btree ("marathon_id","waitlist_seq") WHERE "registrations"."status" = 'waitlisted';--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_marathon_bib_unique" UNIQUE("marathon_id","bib");--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_waitlist_count_check" CHECK ("marathons"."waitlist_count" >= 0);--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_capacity_check" CHECK ("marathons"."capacity" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_within_capacity_check" CHECK ("marathons"."capacity" is null or "marathons"."total_registration_count" <= "marathons"."capacity");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_check" CHECK (("registrations"."status" = 'registered' and "registrations"."bib" is not null and "registrations"."waitlist_seq" is null)
        or ("registrations"."status" = 'waitlisted' and "registrations"."bib" is null and "registrations"."waitlist_seq" is not null));