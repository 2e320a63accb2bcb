CREATE TABLE "car_loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"national_id" text,
	"borrower" jsonb,
	"car" jsonb,
	"pictures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"phone" text,
	"consent_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"review_by" timestamp with time zone,
	"approved_cents" integer,
	"refusal" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_loans_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "documents" jsonb;--> statement-breakpoint
CREATE INDEX "car_loans_user" ON "car_loans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "car_loans_state" ON "car_loans" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "car_loans_national_id" ON "car_loans" USING btree ("national_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_loans_one_open" ON "car_loans" USING btree ("user_id") WHERE state IN ('DRAFT', 'REVIEW');