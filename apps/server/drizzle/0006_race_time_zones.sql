-- Each race in its own time zone (issue 14); its start day there, for the list's date range.
ALTER TABLE "marathons" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "start_day" date GENERATED ALWAYS AS ((start_date at time zone time_zone)::date) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "marathons_start_day_idx" ON "marathons" USING btree ("start_day","distance");