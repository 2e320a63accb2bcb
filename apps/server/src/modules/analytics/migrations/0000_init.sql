CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"user_id" text,
	"route" text NOT NULL,
	"source" text,
	"language" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_views_day_route" ON "page_views" USING btree ("day","route");--> statement-breakpoint
CREATE INDEX "page_views_at" ON "page_views" USING btree ("at");