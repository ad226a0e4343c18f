ALTER TABLE "result_parts" ADD COLUMN "dropped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "result_parts" ADD COLUMN "dropped_by_field" jsonb;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "dropped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "dropped_by_field" jsonb;