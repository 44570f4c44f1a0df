CREATE TABLE "owner_rollup_hourly" (
	"owner_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"online_sec" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "owner_rollup_hourly_owner_id_hour_pk" PRIMARY KEY("owner_id","hour")
);
--> statement-breakpoint
CREATE INDEX "owner_rollup_hourly_hour_idx" ON "owner_rollup_hourly" USING btree ("hour");--> statement-breakpoint
INSERT INTO "owner_rollup_hourly" ("owner_id", "hour", "online_sec")
SELECT t.owner_id, h.hour, sum(h.online_sec) FROM "terminal_rollup_hourly" h
JOIN "terminals" t ON t.id = h.terminal_id
WHERE t.owner_id IS NOT NULL
GROUP BY 1, 2;
