ALTER TABLE "sessions" ADD COLUMN "sso_provider_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_id_token_enc" text;