CREATE TABLE "media_boot_animations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"fps" integer NOT NULL,
	"description" text,
	"parts" jsonb NOT NULL,
	"frames" jsonb NOT NULL,
	"blob_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_wallpapers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"media_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"duration_ms" integer,
	"description" text,
	"blob_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_boot_animations_owner_name_uq" ON "media_boot_animations" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "media_boot_animations_owner_created_idx" ON "media_boot_animations" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_wallpapers_owner_name_uq" ON "media_wallpapers" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "media_wallpapers_owner_created_idx" ON "media_wallpapers" USING btree ("owner_id","created_at");