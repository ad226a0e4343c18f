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
ALTER TABLE "sample_data" ADD CONSTRAINT "sample_data_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;