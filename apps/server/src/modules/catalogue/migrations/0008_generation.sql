CREATE TABLE "catalogue_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	"last_tx" bigint
);
--> statement-breakpoint
-- The catalogue's generation (tables.ts, catalogueGeneration): moved on in the same transaction as
-- every change a card or a search shows, once per transaction (last_tx), so a kept search answer
-- is never served after the change commits, on any process. A checkout's stock update moves it
-- only when the item runs out or comes back: the row is not a lock every buyer queues on.
INSERT INTO "catalogue_generation" ("id", "generation") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION catalogue_move_generation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_generation AS g (id, generation, last_tx) VALUES (1, 1, txid_current())
  ON CONFLICT (id) DO UPDATE SET generation = g.generation + 1, last_tx = txid_current()
  WHERE g.last_tx IS DISTINCT FROM txid_current();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_products_added AFTER INSERT OR DELETE OR TRUNCATE ON "catalogue_products"
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_move_generation();--> statement-breakpoint
CREATE TRIGGER catalogue_products_changed AFTER UPDATE ON "catalogue_products" FOR EACH ROW
WHEN (old.published IS DISTINCT FROM new.published OR old.sales_count IS DISTINCT FROM new.sales_count
  OR old.min_price_cents IS DISTINCT FROM new.min_price_cents OR old.cover_image_id IS DISTINCT FROM new.cover_image_id
  OR old.name IS DISTINCT FROM new.name OR old.search_doc IS DISTINCT FROM new.search_doc
  OR old.search_text IS DISTINCT FROM new.search_text OR old.created_at IS DISTINCT FROM new.created_at
  OR old.id IS DISTINCT FROM new.id OR old.category_id IS DISTINCT FROM new.category_id)
EXECUTE FUNCTION catalogue_move_generation();--> statement-breakpoint
CREATE TRIGGER catalogue_items_added AFTER INSERT OR DELETE OR TRUNCATE ON "catalogue_items"
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_move_generation();--> statement-breakpoint
CREATE TRIGGER catalogue_items_changed AFTER UPDATE ON "catalogue_items" FOR EACH ROW
WHEN (old.price_cents IS DISTINCT FROM new.price_cents OR old.market_price_cents IS DISTINCT FROM new.market_price_cents
  OR old.published IS DISTINCT FROM new.published OR old.expires_at IS DISTINCT FROM new.expires_at
  OR old.product_id IS DISTINCT FROM new.product_id OR old.sort IS DISTINCT FROM new.sort
  OR old.id IS DISTINCT FROM new.id OR (old.stock > 0) IS DISTINCT FROM (new.stock > 0))
EXECUTE FUNCTION catalogue_move_generation();
