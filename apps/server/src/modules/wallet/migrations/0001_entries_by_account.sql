-- Entries are read by account (bills, balances): the key is (account_id, id) and the two indexes
-- nothing read (on id alone, on transfer_id) are gone (issue 5).
DROP INDEX "wallet_entries_account_idx";--> statement-breakpoint
DROP INDEX "wallet_entries_transfer_idx";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_pkey";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_pkey" PRIMARY KEY("account_id","id");
