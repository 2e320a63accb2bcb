-- What search reads (tables.ts, searchIndex): each published product's search words and sort keys,
-- in 16 parts by product (hash), each part with its own full-text index. A search reads the parts
-- in turn and stops at its 1,000th match: a broad word collects one part's matches, not the whole
-- catalogue's (issue 37). Written by hand: drizzle-kit does not write partitions.
CREATE TABLE "catalogue_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"sales_count" integer NOT NULL,
	"min_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" NOT NULL
) PARTITION BY HASH ("product_id");
--> statement-breakpoint
DO $$
BEGIN
  FOR part IN 0..15 LOOP
    -- Room on each page for a new sales count (an update in place, no index written).
    EXECUTE format('CREATE TABLE catalogue_search_%s PARTITION OF catalogue_search
      FOR VALUES WITH (MODULUS 16, REMAINDER %s) WITH (fillfactor = 90)', part, part);
  END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "catalogue_search" ("product_id", "sales_count", "min_price_cents", "created_at", "search_vector")
SELECT "id", "sales_count", "min_price_cents", "created_at", to_tsvector('simple'::regconfig, "search_doc")
FROM "catalogue_products" WHERE "published";--> statement-breakpoint
DROP INDEX "catalogue_products_search_fts";--> statement-breakpoint
CREATE INDEX "catalogue_search_fts" ON "catalogue_search" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "catalogue_products" DROP COLUMN "search_vector";--> statement-breakpoint
-- Kept in the same transaction as every change of a product: a published product has its row, with
-- its words and sort keys as they are now; an unpublished or deleted one has none.
CREATE FUNCTION catalogue_keep_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (NOT NEW.published OR NEW.id <> OLD.id)) THEN
    DELETE FROM catalogue_search WHERE product_id = OLD.id;
  END IF;
  IF TG_OP = 'DELETE' OR NOT NEW.published THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.published AND NEW.id = OLD.id AND NEW.search_doc = OLD.search_doc THEN
    UPDATE catalogue_search SET sales_count = NEW.sales_count, min_price_cents = NEW.min_price_cents,
      created_at = NEW.created_at
    WHERE product_id = NEW.id;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO catalogue_search (product_id, sales_count, min_price_cents, created_at, search_vector)
  VALUES (NEW.id, NEW.sales_count, NEW.min_price_cents, NEW.created_at, to_tsvector('simple'::regconfig, NEW.search_doc))
  ON CONFLICT (product_id) DO UPDATE SET sales_count = excluded.sales_count,
    min_price_cents = excluded.min_price_cents, created_at = excluded.created_at, search_vector = excluded.search_vector;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_products_search_added AFTER INSERT OR DELETE ON "catalogue_products"
FOR EACH ROW EXECUTE FUNCTION catalogue_keep_search();--> statement-breakpoint
CREATE TRIGGER catalogue_products_search_changed AFTER UPDATE ON "catalogue_products" FOR EACH ROW
WHEN (old.published IS DISTINCT FROM new.published OR old.sales_count IS DISTINCT FROM new.sales_count
  OR old.min_price_cents IS DISTINCT FROM new.min_price_cents OR old.created_at IS DISTINCT FROM new.created_at
  OR old.search_doc IS DISTINCT FROM new.search_doc OR old.id IS DISTINCT FROM new.id)
EXECUTE FUNCTION catalogue_keep_search();--> statement-breakpoint
CREATE FUNCTION catalogue_empty_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE catalogue_search;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_products_search_emptied AFTER TRUNCATE ON "catalogue_products"
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_empty_search();
