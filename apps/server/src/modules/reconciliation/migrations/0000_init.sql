CREATE TABLE "reconciliation_mismatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"party" text NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"shop_says" text,
	"party_says" text,
	"shop_cents" integer,
	"party_cents" integer,
	"fixer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parties" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_day" ON "reconciliation_mismatches" USING btree ("day","party");