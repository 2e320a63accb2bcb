CREATE TABLE "gift_card_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"face_value_cents" integer NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_card_tries" (
	"user_id" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"number_hash" text NOT NULL,
	"last4" text NOT NULL,
	"code_hash" text NOT NULL,
	"face_value_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"user_id" text,
	"activated_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_number_hash_unique" UNIQUE("number_hash")
);
--> statement-breakpoint
CREATE INDEX "gift_cards_batch" ON "gift_cards" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "gift_cards_user" ON "gift_cards" USING btree ("user_id","activated_at");