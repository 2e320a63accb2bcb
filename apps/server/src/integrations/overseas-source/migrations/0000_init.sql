CREATE TABLE "overseas_sim_purchases" (
	"reference" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"shop_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"source_order_no" text,
	"paid_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
