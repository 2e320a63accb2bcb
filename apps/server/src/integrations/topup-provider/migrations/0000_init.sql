CREATE TABLE "topup_sim_transactions" (
	"reference" text PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"settles_to" text,
	"settles_at" timestamp with time zone,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
