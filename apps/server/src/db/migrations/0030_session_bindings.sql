ALTER TABLE "sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remote_tokens" ADD COLUMN "console_session_id" uuid;