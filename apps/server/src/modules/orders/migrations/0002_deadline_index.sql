DROP INDEX "orders_deadline_idx";--> statement-breakpoint
CREATE INDEX "orders_deadline_idx" ON "orders" USING btree ("deadline_at") WHERE deadline_at IS NOT NULL;