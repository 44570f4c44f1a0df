CREATE TABLE "support_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_order_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_order_media" (
	"order_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_orders_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sn" text,
	"model_name" text DEFAULT '' NOT NULL,
	"enterprise_name" text DEFAULT '' NOT NULL,
	"store_name" text DEFAULT '' NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"fault_type" text NOT NULL,
	"description" text NOT NULL,
	"priority" text NOT NULL,
	"status" text NOT NULL,
	"assignee_id" uuid,
	"assignee_name" text,
	"due_at" timestamp with time zone,
	"reject_reason" text,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_order_events" ADD CONSTRAINT "support_order_events_order_id_support_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."support_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_order_media" ADD CONSTRAINT "support_order_media_order_id_support_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."support_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_order_events_order_idx" ON "support_order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "support_order_media_order_idx" ON "support_order_media" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "support_orders_owner_idx" ON "support_orders" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "support_orders_assignee_idx" ON "support_orders" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "support_orders_sn_idx" ON "support_orders" USING btree ("sn");