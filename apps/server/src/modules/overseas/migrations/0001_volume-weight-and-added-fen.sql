ALTER TABLE "overseas_cart_items" ADD COLUMN "added_fen" integer;--> statement-breakpoint
ALTER TABLE "overseas_preorders" ADD COLUMN "volume_weight_g" integer DEFAULT 0 NOT NULL;