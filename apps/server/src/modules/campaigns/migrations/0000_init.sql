CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"title" jsonb NOT NULL,
	"blocks" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"preview_token" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_preview_token_unique" UNIQUE("preview_token")
);
--> statement-breakpoint
CREATE INDEX "campaigns_route" ON "campaigns" USING btree ("route","published","starts_at");