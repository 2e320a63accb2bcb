CREATE SEQUENCE "public"."overseas_orders_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "overseas_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"product_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"count" integer NOT NULL,
	"chosen" boolean DEFAULT true NOT NULL,
	"added_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overseas_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overseas_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"shop_id" text NOT NULL,
	"line" jsonb NOT NULL,
	"count" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"source_order_no" text
);
--> statement-breakpoint
CREATE TABLE "overseas_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"preorder_id" uuid NOT NULL,
	"state" text DEFAULT 'WP' NOT NULL,
	"goods_cents" integer NOT NULL,
	"freight_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"pay_channel" text,
	"rate_milli" integer NOT NULL,
	"fee_bp" integer NOT NULL,
	"address" jsonb NOT NULL,
	"remark" text,
	"failure_code" text,
	"failure_params" jsonb,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "overseas_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "overseas_orders_preorder_id_unique" UNIQUE("preorder_id")
);
--> statement-breakpoint
CREATE TABLE "overseas_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overseas_preorders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"cart_item_ids" integer[] NOT NULL,
	"goods_cents" integer NOT NULL,
	"freight_cents" integer NOT NULL,
	"weight_g" integer NOT NULL,
	"rate_milli" integer NOT NULL,
	"fee_bp" integer NOT NULL,
	"address" jsonb,
	"order_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overseas_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rate_milli" integer NOT NULL,
	"fee_bp" integer NOT NULL,
	"per_kg_cents" integer NOT NULL,
	"minimum_cents" integer NOT NULL,
	"volumetric_divisor" integer NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "overseas_cart_user_sku" ON "overseas_cart_items" USING btree ("user_id","channel","sku_id");--> statement-breakpoint
CREATE INDEX "overseas_order_events_order" ON "overseas_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "overseas_order_lines_order" ON "overseas_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "overseas_orders_user_time" ON "overseas_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "overseas_orders_state_time" ON "overseas_orders" USING btree ("state","created_at");