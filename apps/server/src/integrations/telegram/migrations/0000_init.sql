CREATE TABLE "telegram_sim_chats" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_sim_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_sim_webhooks" (
	"bot_token" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret_token" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telegram_sim_messages_chat" ON "telegram_sim_messages" USING btree ("chat_id","id");