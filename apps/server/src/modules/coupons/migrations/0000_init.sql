CREATE TABLE "coupon_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text,
	"title" jsonb NOT NULL,
	"min_spend_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"code" text,
	"campaign" text,
	"total_limit" integer,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_batches_slug_unique" UNIQUE("slug"),
	CONSTRAINT "coupon_batches_code_unique" UNIQUE("code"),
	CONSTRAINT "coupon_batches_amounts" CHECK ("coupon_batches"."discount_cents" > 0 AND "coupon_batches"."min_spend_cents" > "coupon_batches"."discount_cents"),
	CONSTRAINT "coupon_batches_limit" CHECK ("coupon_batches"."total_limit" IS NULL OR "coupon_batches"."issued_count" <= "coupon_batches"."total_limit")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"min_spend_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"used_at" timestamp with time zone,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_used_has_order" CHECK ("coupons"."status" <> 'used' OR "coupons"."order_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "coupon_batches_campaign_idx" ON "coupon_batches" USING btree ("campaign");--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "coupons_batch_user_idx" ON "coupons" USING btree ("batch_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_order_uq" ON "coupons" USING btree ("order_id");