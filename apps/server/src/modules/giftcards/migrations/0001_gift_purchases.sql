CREATE TABLE "gift_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"buyer_id" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"design" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'WP' NOT NULL,
	"pay_channel" text,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"card_id" uuid,
	"token_hash" text,
	"sends" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"refunded_at" timestamp with time zone,
	"refunded_by" text,
	CONSTRAINT "gift_purchases_reference_unique" UNIQUE("reference"),
	CONSTRAINT "gift_purchases_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "gift_send_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"min_cents" integer NOT NULL,
	"max_cents" integer NOT NULL,
	"amounts_cents" integer[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gift_purchases_buyer_time" ON "gift_purchases" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_purchases_phone_time" ON "gift_purchases" USING btree ("recipient_phone","sent_at");--> statement-breakpoint
CREATE INDEX "gift_purchases_time" ON "gift_purchases" USING btree ("created_at");
