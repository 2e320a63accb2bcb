CREATE TABLE "partner_webhook_events" (
	"party" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"reference" text,
	"data" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_webhook_events_party_event_id_pk" PRIMARY KEY("party","event_id")
);
