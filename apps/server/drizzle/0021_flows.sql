CREATE TABLE "flow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"preview" boolean DEFAULT false NOT NULL,
	"pause" json,
	"parent_run_id" uuid,
	"trigger" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_step_runs" (
	"run_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"task_id" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rows_in" bigint,
	"rows_out" bigint,
	"rows_rejected" bigint,
	"error" text,
	"error_class" text,
	"logs" json DEFAULT '[]'::json NOT NULL,
	"output_dataset_id" uuid,
	"rejected_dataset_id" uuid,
	"reused_from_run_id" uuid,
	"state" json DEFAULT '{}'::json NOT NULL,
	CONSTRAINT "flow_step_runs_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"flow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"steps" json NOT NULL,
	"edges" json NOT NULL,
	"outputs" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_versions_flow_id_version_pk" PRIMARY KEY("flow_id","version")
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"schedule" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"retention_days" integer DEFAULT 30 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"steps" json NOT NULL,
	"edges" json NOT NULL,
	"scheduled_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step_runs" ADD CONSTRAINT "flow_step_runs_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step_runs" ADD CONSTRAINT "flow_step_runs_output_dataset_id_datasets_id_fk" FOREIGN KEY ("output_dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step_runs" ADD CONSTRAINT "flow_step_runs_rejected_dataset_id_datasets_id_fk" FOREIGN KEY ("rejected_dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_runs_flow_idx" ON "flow_runs" USING btree ("flow_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_tick_idx" ON "flow_runs" USING btree ("flow_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "flows_org_idx" ON "flows" USING btree ("organization_id","created_at");