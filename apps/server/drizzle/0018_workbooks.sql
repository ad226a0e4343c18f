CREATE TABLE "dataset_cell_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_index" bigint NOT NULL,
	"column" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"edited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workbook_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workbook_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"user_id" uuid,
	"author" text NOT NULL,
	"customer" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbook_field_reviews" (
	"workbook_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"status" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workbook_field_reviews_workbook_id_field_key_pk" PRIMARY KEY("workbook_id","field_key")
);
--> statement-breakpoint
CREATE TABLE "workbook_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workbook_id" uuid NOT NULL,
	"tabs" json NOT NULL,
	"allow_feedback" boolean DEFAULT false NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_id" uuid,
	"tabs" json DEFAULT '[]'::json NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dataset_cell_edits" ADD CONSTRAINT "dataset_cell_edits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_cell_edits" ADD CONSTRAINT "dataset_cell_edits_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbook_comments" ADD CONSTRAINT "workbook_comments_workbook_id_workbooks_id_fk" FOREIGN KEY ("workbook_id") REFERENCES "public"."workbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbook_field_reviews" ADD CONSTRAINT "workbook_field_reviews_workbook_id_workbooks_id_fk" FOREIGN KEY ("workbook_id") REFERENCES "public"."workbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbook_shares" ADD CONSTRAINT "workbook_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbook_shares" ADD CONSTRAINT "workbook_shares_workbook_id_workbooks_id_fk" FOREIGN KEY ("workbook_id") REFERENCES "public"."workbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbooks" ADD CONSTRAINT "workbooks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbooks" ADD CONSTRAINT "workbooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dataset_cell_edits_dataset_idx" ON "dataset_cell_edits" USING btree ("dataset_id","created_at");--> statement-breakpoint
CREATE INDEX "workbook_comments_field_idx" ON "workbook_comments" USING btree ("workbook_id","field_key","created_at");--> statement-breakpoint
CREATE INDEX "workbook_shares_workbook_idx" ON "workbook_shares" USING btree ("workbook_id","created_at");--> statement-breakpoint
CREATE INDEX "workbooks_org_idx" ON "workbooks" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "workbooks_project_idx" ON "workbooks" USING btree ("project_id","version");