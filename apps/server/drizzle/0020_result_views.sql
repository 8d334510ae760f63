CREATE INDEX "race_results_gender_chip_idx" ON "race_results" USING btree ("marathon_id","gender","chip_ordinal");--> statement-breakpoint
CREATE INDEX "race_results_age_group_chip_idx" ON "race_results" USING btree ("marathon_id","age_group","chip_ordinal");--> statement-breakpoint
CREATE INDEX "race_results_division_chip_idx" ON "race_results" USING btree ("marathon_id","gender","age_group","chip_ordinal");--> statement-breakpoint
CREATE INDEX "race_results_gender_gun_idx" ON "race_results" USING btree ("marathon_id","gender","gun_ordinal");--> statement-breakpoint
CREATE INDEX "race_results_age_group_gun_idx" ON "race_results" USING btree ("marathon_id","age_group","gun_ordinal");--> statement-breakpoint
CREATE INDEX "race_results_division_gun_idx" ON "race_results" USING btree ("marathon_id","gender","age_group","gun_ordinal");