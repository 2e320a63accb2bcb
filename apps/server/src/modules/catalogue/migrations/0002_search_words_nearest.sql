DROP INDEX "catalogue_search_words_trgm";--> statement-breakpoint
CREATE INDEX "catalogue_search_words_nearest" ON "catalogue_search_words" USING gist ("word" gist_trgm_ops);