-- An order's items and history rows are read by order, in the order written: keyed by (order_id,
-- id), and the second index each row also wrote is gone (issue 5).
DROP INDEX "order_history_order_idx";--> statement-breakpoint
DROP INDEX "order_items_order_idx";--> statement-breakpoint
ALTER TABLE "order_history" DROP CONSTRAINT "order_history_pkey";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_pkey";--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_pkey" PRIMARY KEY("order_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pkey" PRIMARY KEY("order_id","id");
