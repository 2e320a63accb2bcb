CREATE TABLE "loan_blacklist" (
	"user_id" text PRIMARY KEY NOT NULL,
	"national_id" text NOT NULL,
	"loan_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"fee_cents" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loan_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"state" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loan_payouts_positive" CHECK ("loan_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'WP' NOT NULL,
	"channel" text,
	"allocations" jsonb,
	"waived_cents" integer DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loan_repayments_positive" CHECK ("loan_repayments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"national_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"installments" integer NOT NULL,
	"application" jsonb NOT NULL,
	"consent" jsonb NOT NULL,
	"device" jsonb,
	"agreement_version" text NOT NULL,
	"agreement_language" text NOT NULL,
	"agreement_text" text NOT NULL,
	"signed_at" timestamp with time zone,
	"signature_hash" text,
	"review_by" timestamp with time zone,
	"approved_cents" integer,
	"refusal" text,
	"decided_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	"account" jsonb,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_reference_unique" UNIQUE("reference"),
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "loan_extensions_loan" ON "loan_extensions" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_extensions_one_pending" ON "loan_extensions" USING btree ("loan_id") WHERE state = 'PENDING';--> statement-breakpoint
CREATE INDEX "loan_payouts_user" ON "loan_payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan" ON "loan_repayments" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_user" ON "loans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_state" ON "loans" USING btree ("state");--> statement-breakpoint
CREATE INDEX "loans_national_id" ON "loans" USING btree ("national_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open" ON "loans" USING btree ("user_id") WHERE state IN ('SIGNING', 'REVIEW', 'APPROVED', 'ACTIVE');