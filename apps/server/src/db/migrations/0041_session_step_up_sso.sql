ALTER TABLE "sessions" ADD COLUMN "factor_stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_provider_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_id_token_enc" text;