-- The stored file a block shows to whoever may see its item, set only when the block's writer
-- could read that file (services/media/file-access.ts). Before, any block naming a file's address
-- showed it, so naming another user's private upload was a way to read it.
DROP INDEX "blocks_upload_path_idx";--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "shows" text;--> statement-breakpoint
CREATE INDEX "blocks_shows_idx" ON "blocks" USING btree ("shows");--> statement-breakpoint
-- Blocks written before: who wrote them is not known, so a block shows a file only when the file
-- is in the upload folder of its item's owner or author ({folder}/{user}/ or {user}/).
WITH named AS (
  SELECT b.id,
    CASE WHEN b.is_upload THEN b.fullpathnq ELSE substr(b.fullpathnq, 8) END AS key,
    i.owner, i.author
  FROM "blocks" b JOIN "items" i ON i.id = b.item_id
  WHERE b.fullpathnq IS NOT NULL
    AND (b.is_upload OR (b.fullpathnq LIKE '/files/%' AND position('%' IN b.fullpathnq) = 0))
)
UPDATE "blocks" SET "shows" = named.key
FROM named
WHERE "blocks".id = named.id AND EXISTS (
  SELECT 1
  FROM "users" u,
    LATERAL (SELECT CASE WHEN coalesce(btrim(u.uploads_folder, '/'), '') = ''
      THEN u.username || '/'
      ELSE btrim(u.uploads_folder, '/') || '/' || u.username || '/' END AS prefix) f
  WHERE u.username IN (named.owner, named.author)
    AND left(named.key, length(f.prefix)) = f.prefix
);
