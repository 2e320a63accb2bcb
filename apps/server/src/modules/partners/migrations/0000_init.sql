CREATE TABLE "partner_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"kind" text NOT NULL,
	"contact_name" text NOT NULL,
	"business_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_applications_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE INDEX "partner_applications_state" ON "partner_applications" USING btree ("state","created_at");