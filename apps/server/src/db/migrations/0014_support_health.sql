CREATE TABLE "support_health_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"health_key" text NOT NULL,
	"terminal_id" uuid NOT NULL,
	"sn" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"peripheral_type" text NOT NULL,
	"peripheral_name" text NOT NULL,
	"detail" text,
	"order_id" uuid,
	"proposal_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_health_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"peripheral_type" text NOT NULL,
	"threshold" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"action" text NOT NULL,
	"fault_type" text NOT NULL,
	"priority" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_health_rules_peripheralType_unique" UNIQUE("peripheral_type")
);
--> statement-breakpoint
CREATE TABLE "support_inspection_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"health_key" text NOT NULL,
	"sn" text NOT NULL,
	"store_name" text NOT NULL,
	"peripheral_type" text NOT NULL,
	"peripheral_name" text NOT NULL,
	"status" text NOT NULL,
	"record_id" uuid,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_orders" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_orders" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "support_orders" ADD COLUMN "health_key" text;--> statement-breakpoint
ALTER TABLE "support_orders" ADD COLUMN "record_id" uuid;--> statement-breakpoint
ALTER TABLE "support_orders" ADD COLUMN "record_item_key" text;--> statement-breakpoint
ALTER TABLE "support_health_events" ADD CONSTRAINT "support_health_events_order_id_support_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."support_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_health_events" ADD CONSTRAINT "support_health_events_proposal_id_support_inspection_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."support_inspection_proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_health_events_key_idx" ON "support_health_events" USING btree ("health_key","at");--> statement-breakpoint
CREATE INDEX "support_health_events_order_idx" ON "support_health_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "support_inspection_proposals_owner_idx" ON "support_inspection_proposals" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_inspection_proposals_open_uq" ON "support_inspection_proposals" USING btree ("health_key") WHERE "support_inspection_proposals"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "support_orders_request_uq" ON "support_orders" USING btree ("created_by","request_key") WHERE "support_orders"."request_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "support_orders_health_uq" ON "support_orders" USING btree ("health_key") WHERE "support_orders"."health_key" is not null and "support_orders"."status" in ('draft', 'submitted', 'accepted', 'repairing');--> statement-breakpoint
CREATE UNIQUE INDEX "support_orders_record_item_uq" ON "support_orders" USING btree ("record_id","record_item_key") WHERE "support_orders"."record_id" is not null;