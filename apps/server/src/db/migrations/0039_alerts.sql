CREATE TABLE "alert_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"line" text NOT NULL,
	"line_en" text NOT NULL,
	"english" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"not_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alert_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_name" text NOT NULL,
	"severity" text NOT NULL,
	"state" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"modes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"muted_channels" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"condition" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"severity" text NOT NULL,
	"group_ids" uuid[] DEFAULT '{}' NOT NULL,
	"model_ids" uuid[] DEFAULT '{}' NOT NULL,
	"channels" text[] DEFAULT '{}' NOT NULL,
	"recipients" jsonb NOT NULL,
	"quiet_hours" jsonb,
	"maintenance" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flap_changes" integer,
	"flap_minutes" integer,
	"group_at" integer DEFAULT 10 NOT NULL,
	"last_evaluated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_name" text NOT NULL,
	"condition" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"state" text NOT NULL,
	"subject_key" text NOT NULL,
	"terminal_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"incident_id" uuid,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"ack_at" timestamp with time zone,
	"ack_by" text,
	"closed_at" timestamp with time zone,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "terminal_alarms" (
	"terminal_id" uuid NOT NULL,
	"name" text NOT NULL,
	"severity" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_alarms" ADD CONSTRAINT "terminal_alarms_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_digest_items_due_idx" ON "alert_digest_items" USING btree ("not_before");--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incidents_open_idx" ON "alert_incidents" USING btree ("rule_id") WHERE "alert_incidents"."state" = 'open';--> statement-breakpoint
CREATE INDEX "alert_incidents_owner_idx" ON "alert_incidents" USING btree ("owner_id","first_at");--> statement-breakpoint
CREATE INDEX "alert_rules_owner_idx" ON "alert_rules" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_idx" ON "alerts" USING btree ("rule_id","subject_key","kind") WHERE "alerts"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "alerts_owner_idx" ON "alerts" USING btree ("owner_id","first_at");--> statement-breakpoint
CREATE INDEX "alerts_terminal_idx" ON "alerts" USING btree ("terminal_id","first_at");--> statement-breakpoint
CREATE INDEX "alerts_incident_idx" ON "alerts" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "alerts_state_severity_idx" ON "alerts" USING btree ("state","severity");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_alarms_pk" ON "terminal_alarms" USING btree ("terminal_id","name");--> statement-breakpoint
CREATE INDEX "terminal_alarms_raised_idx" ON "terminal_alarms" USING btree ("name") WHERE "terminal_alarms"."cleared_at" is null;