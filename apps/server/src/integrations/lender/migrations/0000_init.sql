CREATE TABLE "lender_sim_applications" (
	"reference" text PRIMARY KEY NOT NULL,
	"national_id" text NOT NULL,
	"full_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"installments" integer NOT NULL,
	"data" jsonb NOT NULL,
	"review" text NOT NULL,
	"status" text NOT NULL,
	"decides_to" text,
	"decide_at" timestamp with time zone,
	"review_by" timestamp with time zone,
	"approved_cents" integer,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_sim_extensions" (
	"reference" text PRIMARY KEY NOT NULL,
	"loan_reference" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"status" text NOT NULL,
	"decides_to" text NOT NULL,
	"decide_at" timestamp with time zone NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lender_sim_applications_national_id" ON "lender_sim_applications" USING btree ("national_id");--> statement-breakpoint
CREATE INDEX "lender_sim_applications_status" ON "lender_sim_applications" USING btree ("status","created_at");