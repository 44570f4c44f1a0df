-- Terminal events, partitioned by month on "at". The application creates each month's partition
-- ahead of time (the datacenter partition job); the default partition only catches what arrives
-- before that, so an insert never fails.
CREATE TABLE "terminal_events" (
	"id" bigserial NOT NULL,
	"terminal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("id", "at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "terminal_events_default" PARTITION OF "terminal_events" DEFAULT;--> statement-breakpoint
CREATE INDEX "terminal_events_terminal_at_idx" ON "terminal_events" USING btree ("terminal_id", "at");--> statement-breakpoint
CREATE INDEX "terminal_events_at_brin" ON "terminal_events" USING brin ("at");
