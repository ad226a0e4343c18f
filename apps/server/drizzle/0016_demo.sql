CREATE TABLE "financial_demos" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"connected_at" timestamp with time zone,
	"workflow_id" uuid,
	"run_id" uuid,
	"pipeline_id" uuid,
	"job_id" uuid,
	"result_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_data" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid,
	"file_id" uuid,
	"import_id" uuid,
	"pipeline_id" uuid,
	"review_job_id" uuid,
	"clean_job_id" uuid,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "financial_demos" ADD CONSTRAINT "financial_demos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_demos" ADD CONSTRAINT "financial_demos_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_demos" ADD CONSTRAINT "financial_demos_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_demos" ADD CONSTRAINT "financial_demos_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_demos" ADD CONSTRAINT "financial_demos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_demos" ADD CONSTRAINT "financial_demos_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_data" ADD CONSTRAINT "sample_data_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;