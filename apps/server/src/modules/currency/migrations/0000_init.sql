CREATE TABLE "currency_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"khr_per_usd" integer NOT NULL,
	"previous_khr_per_usd" integer,
	"source" text NOT NULL,
	"as_of" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" text NOT NULL,
	"note" text,
	CONSTRAINT "currency_rates_source" CHECK ("currency_rates"."source" IN ('staff', 'nbc')),
	CONSTRAINT "currency_rates_bounds" CHECK ("currency_rates"."khr_per_usd" BETWEEN 1000 AND 10000)
);
--> statement-breakpoint
CREATE INDEX "currency_rates_as_of" ON "currency_rates" USING btree ("as_of");