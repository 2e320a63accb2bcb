CREATE SEQUENCE "public"."bongloy_topups_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bongloy_topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topup_no" text NOT NULL,
	"user_id" text NOT NULL,
	"card_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'WP' NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"pay_channel" text,
	"failure" text,
	"deadline_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bongloy_topups_topup_no_unique" UNIQUE("topup_no")
);
--> statement-breakpoint
CREATE INDEX "bongloy_topups_user_idx" ON "bongloy_topups" USING btree ("user_id","created_at");