CREATE TABLE "cart_items" (
	"user_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"chosen" boolean DEFAULT true NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_sku_id_pk" PRIMARY KEY("user_id","sku_id"),
	CONSTRAINT "cart_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "logistics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"location" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"sku_id" text NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"spec_text" text NOT NULL,
	"image_url" text,
	"price_cents" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_seen" (
	"user_id" text NOT NULL,
	"tab" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_seen_user_id_tab_pk" PRIMARY KEY("user_id","tab")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"ship_type" text NOT NULL,
	"pay_type" text NOT NULL,
	"item_total_cents" integer NOT NULL,
	"shipping_fee_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"payable_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"pay_channel" text,
	"coupon_id" text,
	"buyer_comment" text,
	"address" jsonb,
	"store_id" text,
	"logistics_company" text,
	"waybill_no" text,
	"deadline_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_money" CHECK ("orders"."payable_cents" >= 0 AND "orders"."paid_cents" >= 0 AND "orders"."paid_cents" <= "orders"."payable_cents")
);
--> statement-breakpoint
CREATE TABLE "pickup_stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_chs" text NOT NULL,
	"name_kh" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"latitude" text,
	"longitude" text,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preorders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"from_cart" boolean NOT NULL,
	"ship_type" text NOT NULL,
	"pay_type" text NOT NULL,
	"address_id" uuid,
	"store_id" text,
	"coupon_id" text,
	"coupon_code" text,
	"buyer_comment" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_events_key" ON "logistics_events" USING btree ("order_id","event_key");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_deadline_idx" ON "orders" USING btree ("deadline_at") WHERE state IN ('WP','WPP','WPU');