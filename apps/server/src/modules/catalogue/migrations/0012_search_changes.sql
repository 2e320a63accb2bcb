CREATE TABLE "catalogue_search_changes" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_search_changes_generation" ON "catalogue_search_changes" USING btree ("generation");--> statement-breakpoint
-- Written by hand, like 0010's: the search table's trigger logs each product whose search row it
-- writes or removes, under the generation its transaction moves the catalogue to. The generation
-- row is locked from that move until the transaction ends, so transactions log their generations
-- in the order they commit: a snapshot that reads generation G sees every row logged at G or before
-- and none after (search-index.ts patches its index from these rows, decision 0078).
CREATE FUNCTION catalogue_generation_of_this_transaction() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  INSERT INTO catalogue_generation AS g (id, generation, last_tx) VALUES (1, 1, txid_current())
  ON CONFLICT (id) DO UPDATE SET generation = g.generation + 1, last_tx = txid_current()
  WHERE g.last_tx IS DISTINCT FROM txid_current();
  SELECT generation INTO moved FROM catalogue_generation WHERE id = 1;
  RETURN moved;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_keep_search() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved bigint := catalogue_generation_of_this_transaction();
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO catalogue_search_changes (product_id, generation) VALUES (OLD.id, moved)
    ON CONFLICT (product_id) DO UPDATE SET generation = excluded.generation;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO catalogue_search_changes (product_id, generation) VALUES (NEW.id, moved)
    ON CONFLICT (product_id) DO UPDATE SET generation = excluded.generation;
  END IF;
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
-- The catalogue emptied: the log holds one row, product -1 ("everything changed").
CREATE OR REPLACE FUNCTION catalogue_empty_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE catalogue_search;
  TRUNCATE catalogue_search_changes;
  INSERT INTO catalogue_search_changes (product_id, generation) VALUES (-1, catalogue_generation_of_this_transaction());
  RETURN NULL;
END
$$;
