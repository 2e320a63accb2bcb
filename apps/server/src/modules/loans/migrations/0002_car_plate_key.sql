ALTER TABLE "car_loans" ADD COLUMN "plate_key" text;--> statement-breakpoint
CREATE INDEX "car_loans_plate" ON "car_loans" USING btree ("plate_key","state");--> statement-breakpoint
-- Applications saved before: their plate as compared (contracts plateKey: upper case, letters and digits only).
UPDATE "car_loans" SET "plate_key" = upper(regexp_replace("car"->>'plateNumber', '[^A-Za-z0-9]', '', 'g')) WHERE "car" IS NOT NULL;
