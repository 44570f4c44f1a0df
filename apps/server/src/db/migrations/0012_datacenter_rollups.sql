CREATE TABLE "terminal_rollup_daily" (
	"terminal_id" uuid NOT NULL,
	"online_sec" integer DEFAULT 0 NOT NULL,
	"runtime_sec" integer DEFAULT 0 NOT NULL,
	"mobile_bytes" bigint DEFAULT 0 NOT NULL,
	"wifi_bytes" bigint DEFAULT 0 NOT NULL,
	"heartbeats" integer DEFAULT 0 NOT NULL,
	"battery_min" integer,
	"memory_free_min_mb" integer,
	"storage_free_min_mb" integer,
	"boots" integer DEFAULT 0 NOT NULL,
	"shutdowns" integer DEFAULT 0 NOT NULL,
	"first_boot_at" timestamp with time zone,
	"last_shutdown_at" timestamp with time zone,
	"day" date NOT NULL,
	CONSTRAINT "terminal_rollup_daily_terminal_id_day_pk" PRIMARY KEY("terminal_id","day")
);
--> statement-breakpoint
CREATE TABLE "terminal_rollup_hourly" (
	"terminal_id" uuid NOT NULL,
	"online_sec" integer DEFAULT 0 NOT NULL,
	"runtime_sec" integer DEFAULT 0 NOT NULL,
	"mobile_bytes" bigint DEFAULT 0 NOT NULL,
	"wifi_bytes" bigint DEFAULT 0 NOT NULL,
	"heartbeats" integer DEFAULT 0 NOT NULL,
	"battery_min" integer,
	"memory_free_min_mb" integer,
	"storage_free_min_mb" integer,
	"boots" integer DEFAULT 0 NOT NULL,
	"shutdowns" integer DEFAULT 0 NOT NULL,
	"first_boot_at" timestamp with time zone,
	"last_shutdown_at" timestamp with time zone,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "terminal_rollup_hourly_terminal_id_hour_pk" PRIMARY KEY("terminal_id","hour")
);
--> statement-breakpoint
CREATE INDEX "terminal_rollup_daily_day_brin" ON "terminal_rollup_daily" USING brin ("day");--> statement-breakpoint
CREATE INDEX "terminal_rollup_daily_day_idx" ON "terminal_rollup_daily" USING btree ("day","terminal_id");--> statement-breakpoint
CREATE INDEX "terminal_rollup_hourly_hour_brin" ON "terminal_rollup_hourly" USING brin ("hour");