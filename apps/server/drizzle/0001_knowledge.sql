CREATE TABLE "org_knowledge" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"knowledge" json NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_knowledge" ADD CONSTRAINT "org_knowledge_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;