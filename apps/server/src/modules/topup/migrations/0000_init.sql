CREATE SEQUENCE "public"."topup_orders_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "topup_operators" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"amounts_cents" integer[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"msisdn" text NOT NULL,
	"operator_code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'WP' NOT NULL,
	"pay_channel" text,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"failure" text,
	"queries" integer DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "topup_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "topup_provider_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "topup_orders_user_time" ON "topup_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "topup_orders_state_time" ON "topup_orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "topup_provider_log_order" ON "topup_provider_log" USING btree ("order_id","id");