DROP INDEX "terminals_group_idx";--> statement-breakpoint
DROP INDEX "terminals_sn_prefix_idx";--> statement-breakpoint
CREATE INDEX "terminals_group_idx" ON "terminals" USING btree ("group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "terminals_sn_prefix_idx" ON "terminals" USING btree ("sn" text_pattern_ops,"created_at","id");