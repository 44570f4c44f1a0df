CREATE TABLE "owner_activity_breakdown_daily" (
	"owner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text,
	"terminals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "owner_activity_breakdown_daily_key" UNIQUE NULLS NOT DISTINCT("owner_id","day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "owner_activity_daily" (
	"owner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "owner_activity_daily_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
ALTER TABLE "owner_rollup_hourly" ADD COLUMN "terminals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "owner_activity_breakdown_daily_day_idx" ON "owner_activity_breakdown_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "owner_activity_daily_day_idx" ON "owner_activity_daily" USING btree ("day");--> statement-breakpoint
-- The aggregates from the rollups already kept, each terminal under its present owner and attributes.
INSERT INTO "owner_rollup_hourly" AS r ("owner_id", "hour", "online_sec", "terminals")
SELECT t.owner_id, h.hour, sum(h.online_sec), count(*) FILTER (WHERE h.online_sec > 0) FROM "terminal_rollup_hourly" h
JOIN "terminals" t ON t.id = h.terminal_id
GROUP BY 1, 2
ON CONFLICT ("owner_id", "hour") DO UPDATE SET "terminals" = excluded."terminals";--> statement-breakpoint
INSERT INTO "owner_activity_daily" ("owner_id", "day", "online", "active")
SELECT t.owner_id, d.day, count(*), count(*) FILTER (WHERE d.online_sec >= 3600) FROM "terminal_rollup_daily" d
JOIN "terminals" t ON t.id = d.terminal_id
WHERE d.online_sec > 0
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "owner_activity_breakdown_daily" ("owner_id", "day", "dimension", "key", "terminals")
SELECT t.owner_id, d.day, k.dimension, k.key, count(*) FROM "terminal_rollup_daily" d
JOIN "terminals" t ON t.id = d.terminal_id
CROSS JOIN LATERAL (VALUES ('model', t.model_id::text), ('group', t.group_id::text), ('osVersion', t.os_version),
  ('appVersion', t.agent_version)) AS k(dimension, key)
WHERE d.online_sec > 0
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- The activity monitor's reads of the terminals: activations in a range (with the owner, for an
-- account's view), and the offline ones by last sign of life, the fleet's and each account's. The two
-- partial indexes hold offline terminals only, so heartbeats, which come from online ones, add nothing.
CREATE INDEX IF NOT EXISTS "terminals_activation_idx" ON "terminals" USING btree ("activation_date") INCLUDE ("owner_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "terminals_offline_seen_idx" ON "terminals" USING btree ("last_seen_at" NULLS FIRST)
WHERE NOT "online" AND "enrolled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "terminals_owner_offline_seen_idx" ON "terminals" USING btree ("owner_id", "last_seen_at" NULLS FIRST)
WHERE NOT "online" AND "enrolled_at" IS NOT NULL;
