CREATE TABLE "result_parts" (
	"result_id" uuid NOT NULL,
	"part_index" integer NOT NULL,
	"first_index" integer NOT NULL,
	"count" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"task_id" uuid,
	"file" json,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"global_errors" jsonb,
	CONSTRAINT "result_parts_result_id_part_index_pk" PRIMARY KEY("result_id","part_index")
);
--> statement-breakpoint
ALTER TABLE "result_parts" ADD CONSTRAINT "result_parts_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;