CREATE TABLE "captured_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"blob_id" uuid NOT NULL,
	"command_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_command_output" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_command_output_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"command_id" uuid NOT NULL,
	"terminal_id" uuid NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_command_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"command" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op" text NOT NULL,
	"spec" jsonb NOT NULL,
	"summary" text NOT NULL,
	"task_id" uuid NOT NULL,
	"sns" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captured_files" ADD CONSTRAINT "captured_files_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captured_files" ADD CONSTRAINT "captured_files_command_id_remote_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."remote_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_command_output" ADD CONSTRAINT "remote_command_output_command_id_remote_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."remote_commands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_command_output" ADD CONSTRAINT "remote_command_output_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_commands" ADD CONSTRAINT "remote_commands_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captured_files_terminal_idx" ON "captured_files" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "remote_command_output_command_idx" ON "remote_command_output" USING btree ("command_id","terminal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_command_templates_name_idx" ON "remote_command_templates" USING btree ("created_by","name");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_commands_task_idx" ON "remote_commands" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "remote_commands_creator_idx" ON "remote_commands" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "remote_commands_created_idx" ON "remote_commands" USING btree ("created_at");