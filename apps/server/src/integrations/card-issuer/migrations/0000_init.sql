CREATE TABLE "card_sim_cards" (
	"reference" text PRIMARY KEY NOT NULL,
	"card_ref" text NOT NULL,
	"holder_name" text NOT NULL,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"activated_at" timestamp with time zone,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_sim_cards_card_ref_unique" UNIQUE("card_ref")
);
--> statement-breakpoint
CREATE TABLE "card_sim_credits" (
	"reference" text PRIMARY KEY NOT NULL,
	"card_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
