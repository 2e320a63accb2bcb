CREATE TABLE "push_sim_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"payload" text NOT NULL,
	"sender" text NOT NULL,
	"ttl" text NOT NULL,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_sim_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"application_server_key" text NOT NULL,
	"private_key" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"gone" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_sim_messages_subscription" ON "push_sim_messages" USING btree ("subscription_id","id");