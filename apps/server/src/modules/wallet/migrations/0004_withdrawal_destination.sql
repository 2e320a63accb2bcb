ALTER TABLE "withdrawals" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_number" text;