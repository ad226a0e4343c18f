CREATE TABLE "result_fixes" (
	"result_id" uuid NOT NULL,
	"record_index" integer NOT NULL,
	"mapped_record" jsonb NOT NULL,
	"message" jsonb NOT NULL,
	"valid" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_fixes_result_id_record_index_pk" PRIMARY KEY("result_id","record_index")
);
--> statement-breakpoint
ALTER TABLE "result_fixes" ADD CONSTRAINT "result_fixes_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;