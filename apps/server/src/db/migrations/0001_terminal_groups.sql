CREATE TABLE "terminal_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"type" text DEFAULT 'store' NOT NULL,
	"area_code" text,
	"address" text,
	"contact" text,
	"phone" text,
	"owner_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_scope_group_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_groups_owner_number_idx" ON "terminal_groups" USING btree ("owner_id","number");--> statement-breakpoint
CREATE INDEX "terminal_groups_parent_idx" ON "terminal_groups" USING btree ("parent_id");