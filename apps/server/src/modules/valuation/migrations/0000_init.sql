CREATE TABLE "valuation_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"estimate_id" uuid NOT NULL,
	"place" text NOT NULL,
	"store_id" text,
	"address_id" uuid,
	"place_name" text NOT NULL,
	"place_line" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'BOOKED' NOT NULL,
	"final_cents" integer,
	"staff_id" text,
	"note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_brands" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"model_id" text NOT NULL,
	"model_name" text NOT NULL,
	"color" text NOT NULL,
	"base_cents" integer NOT NULL,
	"floor_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"rule_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_models" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"base_cents" integer NOT NULL,
	"floor_cents" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"rule_version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_slots" (
	"starts_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "valuation_appointments_user" ON "valuation_appointments" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "valuation_appointments_time" ON "valuation_appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_appointments_estimate_live" ON "valuation_appointments" USING btree ("estimate_id") WHERE state <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "valuation_estimates_user" ON "valuation_estimates" USING btree ("user_id","created_at");