CREATE TABLE "blob_quotas" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"max_bytes" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"models" text[] DEFAULT '{}' NOT NULL,
	"os_versions" text[] DEFAULT '{}' NOT NULL,
	"blob_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_files" ADD CONSTRAINT "sys_files_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_files_owner_name_version_uq" ON "sys_files" USING btree ("owner_id","name","version");--> statement-breakpoint
CREATE INDEX "sys_files_sha256_idx" ON "sys_files" USING btree ("sha256");