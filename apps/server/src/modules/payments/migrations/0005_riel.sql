ALTER TABLE "payments" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_riel" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "khr_per_usd" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "riel_rounding_centiriel" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency" CHECK (("payments"."currency" = 'USD' AND "payments"."amount_riel" IS NULL) OR ("payments"."currency" = 'KHR' AND "payments"."amount_riel" > 0 AND "payments"."amount_riel" % 100 = 0 AND "payments"."khr_per_usd" IS NOT NULL AND "payments"."riel_rounding_centiriel" IS NOT NULL));