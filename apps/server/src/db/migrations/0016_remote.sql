CREATE TABLE "remote_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_policies" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"policy" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"sn" text NOT NULL,
	"terminal_name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_by_name" text NOT NULL,
	"controller_id" uuid,
	"controller_name" text,
	"consent" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"end_reason" text,
	"quality" integer NOT NULL,
	"fps" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_active_at" timestamp with time zone NOT NULL,
	"recording_blob_id" uuid,
	"recording_bytes" bigint DEFAULT 0 NOT NULL,
	"recording_frames" integer DEFAULT 0 NOT NULL,
	"recording_inputs" integer DEFAULT 0 NOT NULL,
	"recording_expired" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"participant_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "remote_participants" ADD CONSTRAINT "remote_participants_session_id_remote_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."remote_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_tokens" ADD CONSTRAINT "remote_tokens_session_id_remote_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."remote_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_tokens" ADD CONSTRAINT "remote_tokens_participant_id_remote_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."remote_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_participants_session_user_uq" ON "remote_participants" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_sessions_live_terminal_uq" ON "remote_sessions" USING btree ("terminal_id") WHERE "remote_sessions"."state" <> 'ended';--> statement-breakpoint
CREATE INDEX "remote_sessions_owner_opened_idx" ON "remote_sessions" USING btree ("owner_id","opened_at");--> statement-breakpoint
CREATE INDEX "remote_sessions_ended_idx" ON "remote_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "remote_tokens_session_idx" ON "remote_tokens" USING btree ("session_id");