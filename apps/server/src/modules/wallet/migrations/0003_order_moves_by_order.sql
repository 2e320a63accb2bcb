-- An order's wallet moves are read by order (or by key): the key is (order_id, id) and the index on
-- order_id alone is gone, an index entry less per payment (issue 5).
DROP INDEX "wallet_order_moves_order_idx";--> statement-breakpoint
ALTER TABLE "wallet_order_moves" DROP CONSTRAINT "wallet_order_moves_pkey";--> statement-breakpoint
ALTER TABLE "wallet_order_moves" ADD CONSTRAINT "wallet_order_moves_pkey" PRIMARY KEY("order_id","id");
