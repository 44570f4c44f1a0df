CREATE TABLE "sso_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text,
	"scopes" text NOT NULL,
	"groups_claim" text NOT NULL,
	"role_mappings" jsonb NOT NULL,
	"email_domains" text[] NOT NULL,
	"enterprise_code" text,
	"jit_create" boolean NOT NULL,
	"review_waived" boolean NOT NULL,
	"sso_only" boolean NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_enterprise_id_users_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_subject_idx" ON "sso_identities" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_providers_enterprise_idx" ON "sso_providers" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_providers_code_idx" ON "sso_providers" USING btree ("enterprise_code") WHERE "sso_providers"."enterprise_code" is not null;--> statement-breakpoint
CREATE INDEX "sso_providers_domains_idx" ON "sso_providers" USING gin ("email_domains");