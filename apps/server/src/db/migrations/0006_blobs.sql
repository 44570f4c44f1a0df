CREATE TABLE "blob_contents" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"media_type" text NOT NULL,
	"sha256" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_sha256_blob_contents_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."blob_contents"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blobs_sha256_idx" ON "blobs" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "blobs_owner_idx" ON "blobs" USING btree ("owner_id");