CREATE TABLE "inspection_process_events" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_process_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"process_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"version" integer NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_process_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"standards" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"current_version_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"process_name" text NOT NULL,
	"version" integer NOT NULL,
	"store_name" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"inspector_id" uuid,
	"inspector_name" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"results" jsonb NOT NULL,
	"failed_count" integer NOT NULL,
	"item_count" integer NOT NULL,
	"orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "inspection_process_events" ADD CONSTRAINT "inspection_process_events_process_id_inspection_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."inspection_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_process_versions" ADD CONSTRAINT "inspection_process_versions_process_id_inspection_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."inspection_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_records" ADD CONSTRAINT "inspection_records_process_id_inspection_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."inspection_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_records" ADD CONSTRAINT "inspection_records_version_id_inspection_process_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."inspection_process_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_order_events" ADD CONSTRAINT "support_order_events_order_id_support_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."support_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_order_media" ADD CONSTRAINT "support_order_media_order_id_support_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."support_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_process_events_process_idx" ON "inspection_process_events" USING btree ("process_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_process_versions_uq" ON "inspection_process_versions" USING btree ("process_id","version");--> statement-breakpoint
CREATE INDEX "inspection_processes_owner_idx" ON "inspection_processes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "inspection_records_owner_idx" ON "inspection_records" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "inspection_records_process_idx" ON "inspection_records" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "support_order_events_order_idx" ON "support_order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "support_order_media_order_idx" ON "support_order_media" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "support_orders_owner_idx" ON "support_orders" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "support_orders_assignee_idx" ON "support_orders" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "support_orders_sn_idx" ON "support_orders" USING btree ("sn");