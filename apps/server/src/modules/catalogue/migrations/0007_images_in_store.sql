ALTER TABLE "catalogue_images" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_images" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "catalogue_images" ADD CONSTRAINT "catalogue_images_kept" CHECK ("catalogue_images"."storage_key" IS NOT NULL OR "catalogue_images"."bytes" IS NOT NULL);