DROP INDEX "catalogue_products_category";--> statement-breakpoint
DROP INDEX "catalogue_products_feed";--> statement-breakpoint
CREATE INDEX "catalogue_products_category_default" ON "catalogue_products" USING btree ("category_id","sort" DESC NULLS FIRST,"sales_count" DESC NULLS FIRST,"id") WHERE "catalogue_products"."published";--> statement-breakpoint
CREATE INDEX "catalogue_products_category_sales" ON "catalogue_products" USING btree ("category_id","sales_count" DESC NULLS FIRST,"id") WHERE "catalogue_products"."published";--> statement-breakpoint
CREATE INDEX "catalogue_products_category_price" ON "catalogue_products" USING btree ("category_id","min_price_cents","id") WHERE "catalogue_products"."published";--> statement-breakpoint
CREATE INDEX "catalogue_products_category_price_desc" ON "catalogue_products" USING btree ("category_id","min_price_cents" DESC NULLS FIRST,"id") WHERE "catalogue_products"."published";--> statement-breakpoint
CREATE INDEX "catalogue_products_category_newest" ON "catalogue_products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "catalogue_products"."published";--> statement-breakpoint
CREATE INDEX "catalogue_products_feed_default" ON "catalogue_products" USING btree ("sort" DESC NULLS FIRST,"sales_count" DESC NULLS FIRST,"id") WHERE "catalogue_products"."published";