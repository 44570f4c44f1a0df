DROP INDEX "roles_code_idx";--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_owner_code_key" UNIQUE NULLS NOT DISTINCT("owner_id","code");