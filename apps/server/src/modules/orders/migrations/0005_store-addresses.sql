ALTER TABLE "pickup_stores" ADD COLUMN "address_chs" text;--> statement-breakpoint
ALTER TABLE "pickup_stores" ADD COLUMN "address_kh" text;