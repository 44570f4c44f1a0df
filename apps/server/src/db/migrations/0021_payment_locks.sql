CREATE TABLE "payment_locks" (
	"terminal_id" uuid PRIMARY KEY NOT NULL,
	"locked" boolean NOT NULL,
	"fence_id" uuid,
	"fence_name" text,
	"changed_at" timestamp with time zone NOT NULL,
	"reported" boolean,
	"reported_at" timestamp with time zone
);
