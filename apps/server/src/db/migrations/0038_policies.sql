CREATE SEQUENCE "public"."policy_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"fields" jsonb NOT NULL,
	"version" integer NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by_id" uuid,
	"updated_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"policy_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"reason" text NOT NULL,
	"changed_by_id" uuid,
	"changed_by_name" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_versions_policy_id_version_pk" PRIMARY KEY("policy_id","version")
);
--> statement-breakpoint
CREATE TABLE "terminal_policy_fields" (
	"terminal_id" uuid NOT NULL,
	"field" text NOT NULL,
	"policy_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"group_id" uuid,
	"desired" jsonb NOT NULL,
	"actual" jsonb,
	"state" text NOT NULL,
	"severity" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"reason" text,
	"message" text,
	"revision" bigint NOT NULL,
	"sent_at" timestamp with time zone,
	"revert_to" jsonb,
	CONSTRAINT "terminal_policy_fields_terminal_id_field_pk" PRIMARY KEY("terminal_id","field")
);
--> statement-breakpoint
ALTER TABLE "policy_assignments" ADD CONSTRAINT "policy_assignments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_policy_fields" ADD CONSTRAINT "terminal_policy_fields_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_policy_fields" ADD CONSTRAINT "terminal_policy_fields_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policies_owner_name_idx" ON "policies" USING btree ("owner_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_assignments_target_idx" ON "policy_assignments" USING btree ("target_id","policy_id");--> statement-breakpoint
CREATE INDEX "policy_assignments_policy_idx" ON "policy_assignments" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "terminal_policy_fields_policy_idx" ON "terminal_policy_fields" USING btree ("policy_id","state","severity");--> statement-breakpoint
CREATE INDEX "terminal_policy_fields_group_idx" ON "terminal_policy_fields" USING btree ("group_id","policy_id","state","severity");--> statement-breakpoint
CREATE INDEX "terminal_policy_fields_open_idx" ON "terminal_policy_fields" USING btree ("terminal_id") WHERE "terminal_policy_fields"."state" <> 'verified';