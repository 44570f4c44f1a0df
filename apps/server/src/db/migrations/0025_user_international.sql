ALTER TABLE "users" ADD COLUMN "international" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts that registered in English have had English mail so far; they keep it.
UPDATE "users" SET "international" = true WHERE "language" = 'en';
