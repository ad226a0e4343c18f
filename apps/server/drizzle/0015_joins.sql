CREATE TABLE "join_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"join_id" uuid NOT NULL,
	"settings" json NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"task_id" uuid,
	"progress" double precision DEFAULT 0 NOT NULL,
	"phase" text,
	"stats" json,
	"columns" json DEFAULT '[]'::json NOT NULL,
	"dataset_id" uuid,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "joins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"left_source" json NOT NULL,
	"right_source" json NOT NULL,
	"kind" text NOT NULL,
	"conditions" json NOT NULL,
	"threshold" double precision NOT NULL,
	"matches" text NOT NULL,
	"prefixes" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "join_runs" ADD CONSTRAINT "join_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_runs" ADD CONSTRAINT "join_runs_join_id_joins_id_fk" FOREIGN KEY ("join_id") REFERENCES "public"."joins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_runs" ADD CONSTRAINT "join_runs_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "joins" ADD CONSTRAINT "joins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_runs_org_idx" ON "join_runs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "join_runs_join_idx" ON "join_runs" USING btree ("join_id");--> statement-breakpoint
CREATE INDEX "joins_org_idx" ON "joins" USING btree ("organization_id","created_at");