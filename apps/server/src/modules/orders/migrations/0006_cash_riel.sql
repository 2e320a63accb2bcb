ALTER TABLE "orders" ADD COLUMN "cash_riel" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_khr_per_usd" integer;