CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalogue_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"subtitle" jsonb NOT NULL,
	"image_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_activity_products" (
	"activity_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_activity_products_activity_id_product_id_pk" PRIMARY KEY("activity_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" text NOT NULL,
	"name" jsonb NOT NULL,
	"image_id" integer,
	"jump_type" text NOT NULL,
	"jump_value" text,
	"product_item_id" integer,
	"url" text,
	"url_kh" text,
	"url_chs" text,
	"upperid" integer,
	"channel" text,
	"carousel_type" text,
	"jump_reason" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"image_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"digest" text NOT NULL,
	"dhash" bigint NOT NULL,
	"ahash" bigint NOT NULL,
	"histogram" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"market_price_cents" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"max_purchase" integer DEFAULT 99 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"image_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"logo_image_id" integer,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"value" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_images" (
	"product_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_product_images_product_id_image_id_pk" PRIMARY KEY("product_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_tags" (
	"tag_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_product_tags_tag_id_product_id_pk" PRIMARY KEY("tag_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"merchant_id" integer,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"manual" jsonb,
	"brand" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"min_price_cents" integer DEFAULT 0 NOT NULL,
	"cover_image_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"search_doc" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_doc)) STORED NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_search_keywords" (
	"keyword" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_stock_notices" (
	"user_id" text NOT NULL,
	"item_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "catalogue_stock_notices_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"color" text DEFAULT '#e4393c' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_banners_position" ON "catalogue_banners" USING btree ("position","sort");--> statement-breakpoint
CREATE INDEX "catalogue_categories_parent" ON "catalogue_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "catalogue_items_product" ON "catalogue_items" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "catalogue_product_attributes_product" ON "catalogue_product_attributes" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "catalogue_product_images_image" ON "catalogue_product_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "catalogue_product_tags_product" ON "catalogue_product_tags" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "catalogue_products_category" ON "catalogue_products" USING btree ("category_id","sort","id");--> statement-breakpoint
CREATE INDEX "catalogue_products_merchant" ON "catalogue_products" USING btree ("merchant_id","category_id");--> statement-breakpoint
CREATE INDEX "catalogue_products_feed" ON "catalogue_products" USING btree ("published","sort","id");--> statement-breakpoint
CREATE INDEX "catalogue_products_search_trgm" ON "catalogue_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_products_search_fts" ON "catalogue_products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalogue_stock_notices_item" ON "catalogue_stock_notices" USING btree ("item_id","status");