CREATE INDEX "imports_project_idx" ON "imports" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "pipelines_project_idx" ON "pipelines" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "pipelines_target_schema_idx" ON "pipelines" USING btree ("target_schema_id");--> statement-breakpoint
CREATE INDEX "target_schemas_project_idx" ON "target_schemas" USING btree ("project_id");