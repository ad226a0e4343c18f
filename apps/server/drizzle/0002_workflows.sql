CREATE TABLE "authenticated_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"settings" json NOT NULL,
	"secret_encrypted" text NOT NULL,
	"authenticated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_node_outputs" (
	"run_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"records" json NOT NULL,
	CONSTRAINT "workflow_node_outputs_run_id_node_id_pk" PRIMARY KEY("run_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"workflow_version" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"graph" json NOT NULL,
	"target_node_id" text,
	"retry_of" uuid,
	"from_node_id" text,
	"task_id" uuid,
	"nodes" json NOT NULL,
	"output" json,
	"output_valid" boolean,
	"output_errors" json,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_versions" (
	"workflow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" json NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_versions_workflow_id_version_pk" PRIMARY KEY("workflow_id","version")
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"nodes" json NOT NULL,
	"edges" json NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_complete" boolean DEFAULT true NOT NULL,
	"sync_frequency" text DEFAULT '* * * * *' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"group_id" text,
	"source_app" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"url_string" text DEFAULT '' NOT NULL,
	"json_schema" json NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"scheduled_through" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authenticated_apps" ADD CONSTRAINT "authenticated_apps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_node_outputs" ADD CONSTRAINT "workflow_node_outputs_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authenticated_apps_org_idx" ON "authenticated_apps" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_tick_unique" ON "workflow_runs" USING btree ("workflow_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_idx" ON "workflow_runs" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_runs_org_idx" ON "workflow_runs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_org_idx" ON "workflows" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_active_idx" ON "workflows" USING btree ("is_active");