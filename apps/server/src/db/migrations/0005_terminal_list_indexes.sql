DROP INDEX "terminals_created_idx";--> statement-breakpoint
DROP INDEX "terminals_owner_created_idx";--> statement-breakpoint
DROP INDEX "terminals_status_created_idx";--> statement-breakpoint
DROP INDEX "terminals_online_created_idx";--> statement-breakpoint
CREATE INDEX "terminals_owner_status_online_idx" ON "terminals" USING btree ("owner_id","status","online","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_created_idx" ON "terminals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_owner_created_idx" ON "terminals" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_status_created_idx" ON "terminals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_online_created_idx" ON "terminals" USING btree ("online","created_at","id");