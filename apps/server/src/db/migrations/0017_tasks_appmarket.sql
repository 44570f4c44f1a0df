CREATE TABLE "app_crash_counts" (
	"package_name" text NOT NULL,
	"version_code" bigint NOT NULL,
	"sn" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"crashes" integer DEFAULT 0 NOT NULL,
	"anrs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_crash_counts_package_name_version_code_sn_hour_pk" PRIMARY KEY("package_name","version_code","sn","hour")
);
--> statement-breakpoint
CREATE TABLE "app_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "app_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" uuid,
	"version_id" uuid,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"app_name" text NOT NULL,
	"package_name" text NOT NULL,
	"version_name" text DEFAULT '' NOT NULL,
	"sn" text,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"result" text DEFAULT 'success' NOT NULL,
	"owner_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_screenshots" (
	"app_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "app_screenshots_app_id_blob_id_pk" PRIMARY KEY("app_id","blob_id")
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"version_code" bigint NOT NULL,
	"version_name" text NOT NULL,
	"blob_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"file_name" text NOT NULL,
	"min_sdk" integer,
	"target_sdk" integer,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"signer_sha256" text DEFAULT '' NOT NULL,
	"signer_subject" text DEFAULT '' NOT NULL,
	"signer_lineage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schemes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"installer" text,
	"install_args" text DEFAULT '' NOT NULL,
	"release_notes_en" text DEFAULT '' NOT NULL,
	"release_notes_zh" text DEFAULT '' NOT NULL,
	"os_min" integer,
	"os_max" integer,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_update" boolean DEFAULT false NOT NULL,
	"review_status" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"release_status" text DEFAULT 'none' NOT NULL,
	"gray_sns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"health" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pause_reason" text,
	"released_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"package_name" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"shelf" text DEFAULT 'unlaunched' NOT NULL,
	"icon_blob_id" uuid,
	"signer_sha256" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"terminal_id" uuid NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"wave" smallint DEFAULT 1 NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"defer_reason" text,
	"message" text,
	"pulled_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"planned" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"released_wave" smallint DEFAULT 1 NOT NULL,
	"wave_released_at" timestamp with time zone,
	"fanout_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_whitelist_entries" (
	"whitelist_id" uuid NOT NULL,
	"sn" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_whitelists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"platform" text NOT NULL,
	"params" jsonb NOT NULL,
	"resource" jsonb,
	"summary" text DEFAULT '' NOT NULL,
	"targets" jsonb NOT NULL,
	"whitelist_id" uuid,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rollout" jsonb,
	"schedule" jsonb NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"next_run_at" timestamp with time zone,
	"status" text NOT NULL,
	"status_reason" text,
	"status_reason_en" text,
	"approval_required" boolean DEFAULT false NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"current_run_id" uuid,
	"run_count" integer DEFAULT 0 NOT NULL,
	"copied_from" uuid,
	"owner_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"scope_all" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_screenshots" ADD CONSTRAINT "app_screenshots_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_deliveries" ADD CONSTRAINT "task_deliveries_run_id_task_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."task_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_deliveries" ADD CONSTRAINT "task_deliveries_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_runs" ADD CONSTRAINT "task_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_whitelist_entries" ADD CONSTRAINT "task_whitelist_entries_whitelist_id_task_whitelists_id_fk" FOREIGN KEY ("whitelist_id") REFERENCES "public"."task_whitelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_events_owner_idx" ON "app_events" USING btree ("owner_id","at");--> statement-breakpoint
CREATE INDEX "app_events_app_idx" ON "app_events" USING btree ("app_id","seq");--> statement-breakpoint
CREATE INDEX "app_events_sn_idx" ON "app_events" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_code_idx" ON "app_versions" USING btree ("app_id","version_code");--> statement-breakpoint
CREATE INDEX "app_versions_review_idx" ON "app_versions" USING btree ("review_status","updated_at");--> statement-breakpoint
CREATE INDEX "app_versions_gray_idx" ON "app_versions" USING btree ("release_status") WHERE "app_versions"."release_status" = 'gray';--> statement-breakpoint
CREATE UNIQUE INDEX "apps_package_idx" ON "apps" USING btree ("platform","package_name");--> statement-breakpoint
CREATE INDEX "apps_owner_idx" ON "apps" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "apps_shelf_idx" ON "apps" USING btree ("shelf","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_deliveries_run_terminal_idx" ON "task_deliveries" USING btree ("run_id","terminal_id");--> statement-breakpoint
CREATE INDEX "task_deliveries_run_state_idx" ON "task_deliveries" USING btree ("run_id","state");--> statement-breakpoint
CREATE INDEX "task_deliveries_terminal_idx" ON "task_deliveries" USING btree ("terminal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_runs_task_seq_idx" ON "task_runs" USING btree ("task_id","seq");--> statement-breakpoint
CREATE INDEX "task_runs_open_idx" ON "task_runs" USING btree ("ends_at") WHERE "task_runs"."status" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "task_whitelist_entries_pk" ON "task_whitelist_entries" USING btree ("whitelist_id","sn");--> statement-breakpoint
CREATE UNIQUE INDEX "task_whitelists_owner_name_idx" ON "task_whitelists" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tasks_owner_created_idx" ON "tasks" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_active_idx" ON "tasks" USING btree ("status") WHERE "tasks"."status" in ('creating', 'normal', 'paused');