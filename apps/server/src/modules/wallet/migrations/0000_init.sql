CREATE TABLE "wallet_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text DEFAULT 'cents' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_owner_kind_uq" UNIQUE("owner_kind","owner_id","kind"),
	CONSTRAINT "wallet_accounts_user_nonnegative" CHECK ("wallet_accounts"."owner_kind" <> 'user' OR "wallet_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_order_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text NOT NULL,
	"direction" text NOT NULL,
	"gift_cents" bigint DEFAULT 0 NOT NULL,
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_order_moves_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"from_account" bigint NOT NULL,
	"to_account" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"memo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "wallet_transfers_positive" CHECK ("wallet_transfers"."amount" > 0),
	CONSTRAINT "wallet_transfers_two_accounts" CHECK ("wallet_transfers"."from_account" <> "wallet_transfers"."to_account")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'init' NOT NULL,
	"staff_id" text,
	"reason" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"request_key" text,
	CONSTRAINT "withdrawals_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "withdrawals_positive" CHECK ("withdrawals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "wallet_entries_account_idx" ON "wallet_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_transfer_idx" ON "wallet_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "wallet_order_moves_order_idx" ON "wallet_order_moves" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wallet_transfers_ref_idx" ON "wallet_transfers" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");