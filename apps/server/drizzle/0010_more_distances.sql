-- The distances a marathon platform needs besides docs/SPEC.md's 25k, 10k and 3k: 5k, 15k, the half marathon
-- (21.1k), 30k, the marathon (42.2k), 50k and 100k (packages/shared/src/constants.ts, shortest first). Every race
-- already holds one of the three, so the wider check finds nothing to refuse.
ALTER TABLE "marathons" DROP CONSTRAINT "marathons_distance_check";--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_distance_check" CHECK ("marathons"."distance" in ('3k', '5k', '10k', '15k', '21.1k', '25k', '30k', '42.2k', '50k', '100k'));
