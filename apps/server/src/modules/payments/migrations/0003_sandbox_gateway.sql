CREATE TABLE "sandbox_gateway_transactions" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
