-- How many published products each category holds (tables.ts, categoryCounts): a category's list
-- adds these rows instead of counting its products, which grew with the category (issue 37). The
-- CREATE TABLE is drizzle-kit's; the filling and the triggers are written by hand, like 0010's.
CREATE TABLE "catalogue_category_counts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"published" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_category_counts" ("category_id", "published")
SELECT "category_id", count(*)::int FROM "catalogue_products" WHERE "published" GROUP BY "category_id";--> statement-breakpoint
-- Kept in the same transaction as every change of a product: a published product counts once, in
-- its category. A price, stock or sales change touches neither column and runs nothing.
CREATE FUNCTION catalogue_keep_category_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.published THEN
    UPDATE catalogue_category_counts SET published = published - 1 WHERE category_id = OLD.category_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.published THEN
    INSERT INTO catalogue_category_counts (category_id, published) VALUES (NEW.category_id, 1)
    ON CONFLICT (category_id) DO UPDATE SET published = catalogue_category_counts.published + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_products_counts_added AFTER INSERT OR DELETE ON "catalogue_products"
FOR EACH ROW EXECUTE FUNCTION catalogue_keep_category_counts();--> statement-breakpoint
CREATE TRIGGER catalogue_products_counts_changed AFTER UPDATE ON "catalogue_products" FOR EACH ROW
WHEN (old.published IS DISTINCT FROM new.published OR old.category_id IS DISTINCT FROM new.category_id)
EXECUTE FUNCTION catalogue_keep_category_counts();--> statement-breakpoint
CREATE FUNCTION catalogue_empty_category_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE catalogue_category_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_products_counts_emptied AFTER TRUNCATE ON "catalogue_products"
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_empty_category_counts();
