CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"marathon_id" uuid NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"max_uses" integer,
	"valid_until" timestamp with time zone,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_race_code_unique" UNIQUE("marathon_id","code"),
	CONSTRAINT "discount_codes_one_discount_check" CHECK (("discount_codes"."percent_off" between 1 and 100 and "discount_codes"."amount_off" is null)
        or ("discount_codes"."amount_off" >= 1 and "discount_codes"."percent_off" is null)),
	CONSTRAINT "discount_codes_uses_check" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid,
	"payment_intent" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"stripe_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_marathon_user_unique";--> statement-breakpoint
ALTER TABLE "marathons" DROP CONSTRAINT "marathons_within_capacity_check";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_status_check";--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "entry_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "payment_methods" text[] DEFAULT '{"on_site"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "refund_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "refund_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "pending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "receipts_issued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_status" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "amount_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "refund_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checkout_session_url" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checkout_session_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checkout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_intent" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_todo_idx" ON "payment_refunds" USING btree ("next_attempt_at") WHERE "payment_refunds"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_marathon_user_unique" ON "registrations" USING btree ("marathon_id","user_id") WHERE "registrations"."status" in ('registered', 'waitlisted', 'pending_payment');--> statement-breakpoint
CREATE INDEX "registrations_hold_idx" ON "registrations" USING btree ("hold_expires_at") WHERE "registrations"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "registrations_checkout_session_idx" ON "registrations" USING btree ("checkout_session_id");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_marathon_receipt_unique" UNIQUE("marathon_id","receipt_number");--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_pending_count_check" CHECK ("marathons"."pending_count" >= 0);--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_entry_fee_check" CHECK ("marathons"."entry_fee" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_refund_percent_check" CHECK ("marathons"."refund_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_within_capacity_check" CHECK ("marathons"."capacity" is null or "marathons"."total_registration_count" + "marathons"."pending_count" <= "marathons"."capacity");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_amounts_check" CHECK ("registrations"."amount_due" >= 0 and "registrations"."amount_paid" >= 0 and "registrations"."refund_due" >= 0
        and "registrations"."amount_refunded" >= 0 and "registrations"."amount_refunded" + "registrations"."refund_due" <= "registrations"."amount_paid");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_check" CHECK (("registrations"."status" = 'registered' and "registrations"."bib" is not null and "registrations"."waitlist_seq" is null)
        or ("registrations"."status" = 'waitlisted' and "registrations"."bib" is null and "registrations"."waitlist_seq" is not null)
        or ("registrations"."status" = 'pending_payment' and "registrations"."bib" is null and "registrations"."waitlist_seq" is null
          and "registrations"."hold_expires_at" is not null)
        or ("registrations"."status" in ('cancelled', 'expired') and "registrations"."bib" is null and "registrations"."waitlist_seq" is null));