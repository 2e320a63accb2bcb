-- Takes stock for the lines of one order (catalogue service, stockTaking): each line with one
-- conditional update, in SKU id order whatever order the lines come in (two orders sharing items
-- never wait on each other in a cycle), only while the item and its product are on sale, not
-- expired, and hold enough; each sale noted for the product's count (folded by foldSales). Stops
-- at the first line it cannot take and answers how many it took: the caller's statement refuses
-- unless all were (everything it did is then undone with that statement).
CREATE FUNCTION catalogue_take_stock(sku_ids integer[], quantities integer[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  line record;
  taken integer := 0;
  sold_product integer;
BEGIN
  FOR line IN
    SELECT l.sku_id, l.quantity FROM unnest(sku_ids, quantities) AS l(sku_id, quantity) ORDER BY l.sku_id
  LOOP
    IF line.quantity IS NULL OR line.quantity <= 0 THEN
      RETURN taken;
    END IF;
    UPDATE catalogue_items i SET stock = i.stock - line.quantity
    WHERE i.id = line.sku_id AND i.stock >= line.quantity AND i.published
      AND (i.expires_at IS NULL OR i.expires_at > now())
      AND EXISTS (SELECT 1 FROM catalogue_products p WHERE p.id = i.product_id AND p.published)
    RETURNING i.product_id INTO sold_product;
    IF NOT FOUND THEN
      RETURN taken;
    END IF;
    INSERT INTO catalogue_sales_pending (product_id, quantity) VALUES (sold_product, line.quantity);
    taken := taken + 1;
  END LOOP;
  RETURN taken;
END
$$;
