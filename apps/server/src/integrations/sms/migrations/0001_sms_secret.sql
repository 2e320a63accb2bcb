ALTER TABLE "sms_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
-- Messages kept before the mask and already handed on: their codes (the only runs of 4 to 8 digits the shop's texts carry) are masked.
UPDATE "sms_outbox" SET "text" = regexp_replace("text", '\m[0-9]{4,8}\M', '••••', 'g') WHERE "status" <> 'queued' AND "text" ~ '\m[0-9]{4,8}\M';
