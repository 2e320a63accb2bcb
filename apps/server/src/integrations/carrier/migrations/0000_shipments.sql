CREATE TABLE "carrier_shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"company" text NOT NULL,
	"waybill_no" text NOT NULL,
	"provider" text NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'registering' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_shipments_waybill" ON "carrier_shipments" USING btree ("waybill_no");--> statement-breakpoint
CREATE INDEX "carrier_shipments_order" ON "carrier_shipments" USING btree ("order_id");