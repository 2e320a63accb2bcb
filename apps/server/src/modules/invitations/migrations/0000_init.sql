CREATE TABLE "invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"invitee_id" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'progress' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"reward_cents" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "invitations_invitee_id_unique" UNIQUE("invitee_id"),
	CONSTRAINT "invitations_not_self" CHECK ("invitations"."inviter_id" <> "invitations"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_id","status","id");--> statement-breakpoint
CREATE INDEX "invitations_open_idx" ON "invitations" USING btree ("expires_at") WHERE status = 'progress';