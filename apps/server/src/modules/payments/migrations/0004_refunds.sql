CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" uuid,
	"payable_kind" text NOT NULL,
	"payable_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"destination" text NOT NULL,
	"state" text NOT NULL,
	"party_ref" text,
	"bank_account" text,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"refund_key" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_refunds_refund_key_unique" UNIQUE("refund_key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_payable" ON "payment_refunds" USING btree ("payable_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_user" ON "payment_refunds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_open" ON "payment_refunds" USING btree ("state","created_at") WHERE state <> 'REFUNDED';