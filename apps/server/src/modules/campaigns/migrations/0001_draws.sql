CREATE TABLE "campaign_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"seq" integer NOT NULL,
	"batch_id" integer,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_prizes" (
	"campaign_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"stock" integer NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_prizes_campaign_id_batch_id_pk" PRIMARY KEY("campaign_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_spend_grants" (
	"campaign_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_spend_grants_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_draws_once" ON "campaign_draws" USING btree ("campaign_id","user_id","seq");