CREATE TABLE "resolution_labels" (
	"resolution_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"a_key" text NOT NULL,
	"b_key" text NOT NULL,
	"label" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resolution_labels_resolution_id_a_key_b_key_pk" PRIMARY KEY("resolution_id","a_key","b_key")
);
--> statement-breakpoint
CREATE TABLE "resolution_pairs" (
	"resolution_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"a_key" text NOT NULL,
	"b_key" text NOT NULL,
	"weight" double precision NOT NULL,
	"probability" double precision NOT NULL,
	"certainty" double precision NOT NULL,
	"fields" json NOT NULL,
	CONSTRAINT "resolution_pairs_resolution_id_a_key_b_key_pk" PRIMARY KEY("resolution_id","a_key","b_key")
);
--> statement-breakpoint
CREATE TABLE "resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"import_id" uuid,
	"right_import_id" uuid,
	"config" json NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"task_id" uuid,
	"summary" json,
	"output_dataset_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resolution_labels" ADD CONSTRAINT "resolution_labels_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_labels" ADD CONSTRAINT "resolution_labels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_pairs" ADD CONSTRAINT "resolution_pairs_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_right_import_id_imports_id_fk" FOREIGN KEY ("right_import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_output_dataset_id_datasets_id_fk" FOREIGN KEY ("output_dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resolution_pairs_queue_idx" ON "resolution_pairs" USING btree ("resolution_id","certainty");--> statement-breakpoint
CREATE INDEX "resolutions_org_idx" ON "resolutions" USING btree ("organization_id","created_at");