CREATE TABLE "bakong_sim_transactions" (
	"md5" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"from_account_id" text NOT NULL,
	"to_account_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_hundredths" integer NOT NULL,
	"description" text,
	"created_date_ms" bigint NOT NULL,
	"acknowledged_date_ms" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
