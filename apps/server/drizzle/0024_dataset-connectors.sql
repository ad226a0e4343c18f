CREATE TABLE "sync_dataset_writes" (
	"run_id" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"files" json NOT NULL,
	"checkpoint" json,
	"committed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_datasets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"dataset_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_dataset_writes" ADD CONSTRAINT "sync_dataset_writes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_dataset_writes" ADD CONSTRAINT "sync_dataset_writes_target_id_sync_datasets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."sync_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_datasets" ADD CONSTRAINT "sync_datasets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_datasets" ADD CONSTRAINT "sync_datasets_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_datasets_name_unique" ON "sync_datasets" USING btree ("organization_id","name");