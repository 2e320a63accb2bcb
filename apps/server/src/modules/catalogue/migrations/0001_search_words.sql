CREATE TABLE "catalogue_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_search_words_trgm" ON "catalogue_search_words" USING gin ("word" gin_trgm_ops);