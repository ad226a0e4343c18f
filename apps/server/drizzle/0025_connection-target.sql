ALTER TABLE "connections" ADD COLUMN "target" text;--> statement-breakpoint
-- dataset destinations write into `<prefix><stream>` datasets (targetOf: the prefix without its leading
-- blanks); where two already share a prefix, only the oldest takes the target, so the index can be built
UPDATE "connections" c SET "target" = t."target"
FROM (
  SELECT DISTINCT ON ("organization_id", "target") "id", "target"
  FROM (
    SELECT "id", "organization_id", "created_at",
      'dataset_out:' || regexp_replace(coalesce("settings"->>'prefix', ''), '^\s+', '') AS "target"
    FROM "connections"
    WHERE "type" = 'dataset_out' AND "role" = 'destination'
  ) d
  ORDER BY "organization_id", "target", "created_at", "id"
) t
WHERE c."id" = t."id";--> statement-breakpoint
CREATE UNIQUE INDEX "connections_target_unique" ON "connections" USING btree ("organization_id","target") WHERE "connections"."target" is not null;
