-- Sales are counted on the item row the stock statement already updates (catalogue_items.sold)
-- instead of a row of catalogue_sales_pending per line (issue 5); the fold carries each product's
-- items' sum into sales_count by what it has not carried yet (items_sold_folded), so it locks no
-- item. What was still pending is folded into the products first, so no sale is lost on the way.
ALTER TABLE "catalogue_items" ADD COLUMN "sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD COLUMN "items_sold_folded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "catalogue_products" p SET sales_count = GREATEST(p.sales_count + pending.sold, 0)
FROM (SELECT product_id, sum(quantity)::int AS sold FROM "catalogue_sales_pending" GROUP BY product_id) pending
WHERE p.id = pending.product_id;--> statement-breakpoint
DROP TABLE "catalogue_sales_pending" CASCADE;--> statement-breakpoint
-- As in 0005, with the sale counted on the item's own row.
CREATE OR REPLACE FUNCTION catalogue_take_stock(sku_ids integer[], quantities integer[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  line record;
  taken integer := 0;
BEGIN
  FOR line IN
    SELECT l.sku_id, l.quantity FROM unnest(sku_ids, quantities) AS l(sku_id, quantity) ORDER BY l.sku_id
  LOOP
    IF line.quantity IS NULL OR line.quantity <= 0 THEN
      RETURN taken;
    END IF;
    UPDATE catalogue_items i SET stock = i.stock - line.quantity, sold = i.sold + line.quantity
    WHERE i.id = line.sku_id AND i.stock >= line.quantity AND i.published
      AND (i.expires_at IS NULL OR i.expires_at > now())
      AND EXISTS (SELECT 1 FROM catalogue_products p WHERE p.id = i.product_id AND p.published);
    IF NOT FOUND THEN
      RETURN taken;
    END IF;
    taken := taken + 1;
  END LOOP;
  RETURN taken;
END
$$;
