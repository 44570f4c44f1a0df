CREATE TABLE "enrollment_keys" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_peripherals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"peripheral_id" uuid NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_samples" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"online" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peripheral_faults" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"peripheral_name" text NOT NULL,
	"kind" text,
	"detail" text,
	"handled" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peripherals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"pid" text,
	"vid" text,
	"name" text NOT NULL,
	"manufacturer" text,
	"brand" text,
	"identifier" text,
	"baud_rate" integer,
	"auth_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_favorites" (
	"user_id" uuid NOT NULL,
	"terminal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_favorites_user_id_terminal_id_pk" PRIMARY KEY("user_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "terminal_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"source" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_status_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"alerted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sn" text NOT NULL,
	"name" text NOT NULL,
	"platform" text DEFAULT 'android' NOT NULL,
	"model_id" uuid,
	"owner_id" uuid NOT NULL,
	"group_id" uuid,
	"store_name" text DEFAULT '' NOT NULL,
	"mac" text,
	"password" text,
	"status" text DEFAULT 'warehoused' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"online_changed_at" timestamp with time zone,
	"production_date" date,
	"shipping_date" date,
	"activation_date" timestamp with time zone,
	"secret_hash" text,
	"enrolled_at" timestamp with time zone,
	"os_version" text,
	"firmware_version" text,
	"agent_version" text,
	"hardware" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"apps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"peripherals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hello_at" timestamp with time zone,
	"battery" integer,
	"ip" text,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"boot_count" integer DEFAULT 0 NOT NULL,
	"last_boot_at" timestamp with time zone,
	"last_shutdown_at" timestamp with time zone,
	"lat" double precision,
	"lng" double precision,
	"located_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_peripherals" ADD CONSTRAINT "model_peripherals_model_id_terminal_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."terminal_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_peripherals" ADD CONSTRAINT "model_peripherals_peripheral_id_peripherals_id_fk" FOREIGN KEY ("peripheral_id") REFERENCES "public"."peripherals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peripheral_faults" ADD CONSTRAINT "peripheral_faults_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_favorites" ADD CONSTRAINT "terminal_favorites_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_locations" ADD CONSTRAINT "terminal_locations_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_logs" ADD CONSTRAINT "terminal_logs_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_status_log" ADD CONSTRAINT "terminal_status_log_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_warnings" ADD CONSTRAINT "terminal_warnings_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_peripherals_pair_idx" ON "model_peripherals" USING btree ("model_id","peripheral_id");--> statement-breakpoint
CREATE INDEX "peripheral_faults_at_idx" ON "peripheral_faults" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "peripheral_faults_terminal_idx" ON "peripheral_faults" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "terminal_locations_terminal_idx" ON "terminal_locations" USING btree ("terminal_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "terminal_logs_terminal_idx" ON "terminal_logs" USING btree ("terminal_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_models_name_idx" ON "terminal_models" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "terminal_status_log_terminal_idx" ON "terminal_status_log" USING btree ("terminal_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "terminal_warnings_at_idx" ON "terminal_warnings" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_warnings_open_idx" ON "terminal_warnings" USING btree ("terminal_id","kind") WHERE not "terminal_warnings"."handled";--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_sn_idx" ON "terminals" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_mac_idx" ON "terminals" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "terminals_created_idx" ON "terminals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_owner_created_idx" ON "terminals" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_status_created_idx" ON "terminals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_online_created_idx" ON "terminals" USING btree ("online","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_owner_status_online_idx" ON "terminals" USING btree ("owner_id","status","online","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_group_idx" ON "terminals" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "terminals_model_idx" ON "terminals" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "terminals_sn_prefix_idx" ON "terminals" USING btree ("sn" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "terminals_online_seen_idx" ON "terminals" USING btree ("last_seen_at") WHERE "terminals"."online";