CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"receiver" text NOT NULL,
	"mobile" text NOT NULL,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"district_code" text NOT NULL,
	"detail" text NOT NULL,
	"zip_code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intl_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"receiver" text NOT NULL,
	"mobile" text NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"city" text NOT NULL,
	"detail" text NOT NULL,
	"zip_code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE is_default AND removed_at IS NULL;--> statement-breakpoint
CREATE INDEX "intl_addresses_user_idx" ON "intl_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intl_addresses_one_default" ON "intl_addresses" USING btree ("user_id") WHERE is_default AND removed_at IS NULL;