ALTER TABLE "items" ADD COLUMN "thread_id" uuid;--> statement-breakpoint
CREATE INDEX "items_thread_idx" ON "items" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "blocks_upload_path_idx" ON "blocks" USING btree ("fullpathnq");--> statement-breakpoint
UPDATE "items" SET "thread_id" = "id" WHERE "annotation_class" IN ('anno', 'note');--> statement-breakpoint
WITH RECURSIVE "t"("id", "thread_id") AS (
  SELECT "id", "id" FROM "items" WHERE "annotation_class" IN ('anno', 'note')
  UNION ALL
  SELECT "r"."id", "t"."thread_id" FROM "items" "r" JOIN "t" ON "r"."parent_id" = "t"."id"
  WHERE "r"."annotation_class" = 'reply'
)
UPDATE "items" SET "thread_id" = "t"."thread_id" FROM "t"
WHERE "items"."id" = "t"."id" AND "items"."annotation_class" = 'reply';--> statement-breakpoint
-- A reply is never seen more widely than its thread: it takes the thread's privacy and group.
UPDATE "items" SET "is_private" = "items"."is_private" OR "root"."is_private", "group_name" = "root"."group_name"
FROM "items" "root" WHERE "items"."annotation_class" = 'reply' AND "items"."thread_id" = "root"."id";
