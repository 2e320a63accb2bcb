CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"text" text NOT NULL,
	"stars" smallint NOT NULL,
	"packaging" smallint NOT NULL,
	"speed" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_sku" ON "reviews" USING btree ("order_id","sku_id");--> statement-breakpoint
CREATE INDEX "reviews_product" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_order" ON "reviews" USING btree ("user_id","order_id");