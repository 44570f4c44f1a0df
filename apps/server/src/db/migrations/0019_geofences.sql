CREATE TABLE "geofence_states" (
	"fence_id" uuid NOT NULL,
	"terminal_id" uuid NOT NULL,
	"violating" boolean DEFAULT false NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geofence_states_fence_id_terminal_id_pk" PRIMARY KEY("fence_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "geofence_targets" (
	"fence_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "geofence_targets_fence_id_target_id_pk" PRIMARY KEY("fence_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "geofences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"shape" text NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"center_lat" double precision,
	"center_lng" double precision,
	"radius_m" double precision,
	"area" "polygon" NOT NULL,
	"rule" text NOT NULL,
	"active_from" integer,
	"active_to" integer,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"lock_payment" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geofence_states" ADD CONSTRAINT "geofence_states_fence_id_geofences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."geofences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_targets" ADD CONSTRAINT "geofence_targets_fence_id_geofences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."geofences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geofence_states_terminal_idx" ON "geofence_states" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "geofence_targets_target_idx" ON "geofence_targets" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "geofences_owner_name_idx" ON "geofences" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "geofences_area_idx" ON "geofences" USING gist ("area");