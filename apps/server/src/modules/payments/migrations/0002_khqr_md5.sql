ALTER TABLE "payments" ADD COLUMN "khqr_md5" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "khqr_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bakong_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_khqr_md5" ON "payments" USING btree ("khqr_md5");