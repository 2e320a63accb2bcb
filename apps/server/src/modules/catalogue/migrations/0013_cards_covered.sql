-- A card's columns of a product beside its id (queries.ts, CARD_SELECT; issue 48): the cards of a
-- search page, a list or a favourites page are read off this index (an index-only scan), not off
-- the products' rows, most of whose bytes are the search text and document only search reads. At
-- 100,000 products the rows are 135 MB against PostgreSQL's 128 MB of shared buffers by default,
-- so a long tail's cards kept reading rows back in; this index is 21 MB. The products' other indexes
-- already hold sales_count, so their updates were not HOT before it either.
CREATE INDEX "catalogue_products_card" ON "catalogue_products" ("id")
  INCLUDE ("name", "published", "sales_count", "min_price_cents", "cover_image_id");
