CREATE TABLE "resolution_overrides" (
	"resolution_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_key" text NOT NULL,
	"column" text NOT NULL,
	"value" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resolution_overrides_resolution_id_record_key_column_pk" PRIMARY KEY("resolution_id","record_key","column")
);
--> statement-breakpoint
ALTER TABLE "resolution_pairs" ADD COLUMN "rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resolution_pairs" ADD COLUMN "risk" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resolution_pairs" ADD COLUMN "risk_reason" text;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "golden_dataset_id" uuid;--> statement-breakpoint
ALTER TABLE "resolution_overrides" ADD CONSTRAINT "resolution_overrides_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_overrides" ADD CONSTRAINT "resolution_overrides_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_golden_dataset_id_datasets_id_fk" FOREIGN KEY ("golden_dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;