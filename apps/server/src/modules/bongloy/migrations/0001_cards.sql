CREATE TABLE "bongloy_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"issuer_ref" text NOT NULL,
	"masked_number" text NOT NULL,
	"expiry" text NOT NULL,
	"state" text DEFAULT 'ISSUED' NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bongloy_cards_issuer_ref_unique" UNIQUE("issuer_ref")
);
--> statement-breakpoint
CREATE INDEX "bongloy_cards_user_idx" ON "bongloy_cards" USING btree ("user_id");