CREATE TABLE "lender_sim_car_applications" (
	"reference" text PRIMARY KEY NOT NULL,
	"national_id" text NOT NULL,
	"full_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"term_months" integer NOT NULL,
	"car_value_cents" integer NOT NULL,
	"data" jsonb NOT NULL,
	"pictures" jsonb NOT NULL,
	"status" text NOT NULL,
	"review_by" timestamp with time zone NOT NULL,
	"approved_cents" integer,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lender_sim_car_applications_status" ON "lender_sim_car_applications" USING btree ("status","created_at");