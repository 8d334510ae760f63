CREATE TABLE "race_result_sets" (
	"marathon_id" uuid PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"first_published_at" timestamp with time zone,
	"summaries" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_results" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"marathon_id" uuid NOT NULL,
	"bib" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"search_text" text NOT NULL,
	"gender" text,
	"age_group" text,
	"chip_ms" integer,
	"gun_ms" integer,
	"status" text NOT NULL,
	"chip_place" integer,
	"chip_gender_place" integer,
	"chip_age_group_place" integer,
	"chip_ordinal" integer NOT NULL,
	"gun_place" integer,
	"gun_gender_place" integer,
	"gun_age_group_place" integer,
	"gun_ordinal" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "rank_by" text DEFAULT 'chip' NOT NULL;--> statement-breakpoint
ALTER TABLE "race_result_sets" ADD CONSTRAINT "race_result_sets_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_results_chip_idx" ON "race_results" USING btree ("marathon_id","chip_ordinal");--> statement-breakpoint
CREATE INDEX "race_results_gun_idx" ON "race_results" USING btree ("marathon_id","gun_ordinal");--> statement-breakpoint
CREATE INDEX "race_results_bib_idx" ON "race_results" USING btree ("marathon_id","bib");--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_rank_by_check" CHECK ("rank_by" in ('chip', 'gun'));--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_status_check" CHECK ("status" in ('FIN', 'DNF', 'DNS', 'DQ'));
