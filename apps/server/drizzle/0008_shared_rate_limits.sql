-- UNLOGGED (by hand; drizzle-kit has no such option): rate-limit windows lost in a crash only start afresh,
-- and a write to these tables then waits for no WAL flush (docs/decisions/022).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limit_events" (
	"key" text PRIMARY KEY NOT NULL,
	"times" bigint[] NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_at_idx" ON "rate_limit_counters" USING btree ("resets_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_expires_at_idx" ON "rate_limit_events" USING btree ("expires_at");
