CREATE SEQUENCE "public"."bongloy_applications_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bongloy_applicants" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bongloy_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_no" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"personal" jsonb,
	"verified_phone" text,
	"documents" jsonb,
	"signature_id" text,
	"terms_accepted_at" timestamp with time zone,
	"card_count" integer DEFAULT 0 NOT NULL,
	"card_fee_cents" integer DEFAULT 0 NOT NULL,
	"shipping_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"delivery" text,
	"shipping" jsonb,
	"deadline_at" timestamp with time zone,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"pay_channel" text,
	"paid_at" timestamp with time zone,
	"refusal" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bongloy_applications_application_no_unique" UNIQUE("application_no")
);
--> statement-breakpoint
CREATE INDEX "bongloy_applications_user_idx" ON "bongloy_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bongloy_applications_state_idx" ON "bongloy_applications" USING btree ("state");