CREATE TABLE "audit_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer DEFAULT 6514 NOT NULL,
	"tls" boolean DEFAULT true NOT NULL,
	"ca_cert" text DEFAULT '' NOT NULL,
	"facility" text DEFAULT 'local0' NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "operation_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "operation_logs_seq_idx" ON "operation_logs" USING btree ("seq");