ALTER TABLE "app_events" ADD COLUMN "detail_text" jsonb;--> statement-breakpoint
ALTER TABLE "app_events" ADD COLUMN "task_id" uuid;