-- A note by one who answers a board's notes (its owner, a coauthor not marked contributor-only,
-- an editor) is not a reader's: it has no status, waits on no Discussion page and is counted as
-- waiting by none. Notes written so before this still wait as pending; they lose that status.
-- Who answers is read as core's roleFor reads it (services/notes/answered-boards.ts answeredBy).
UPDATE "items" SET "note_status" = NULL, "status_by" = NULL, "status_by_name" = NULL
FROM "multilists" m
WHERE "items"."multilist_id" = m."id"
  AND "items"."annotation_class" = 'note'
  AND "items"."note_status" = 'pending'
  AND (
    "items"."author" = m."owner"
    OR EXISTS (SELECT 1 FROM "board_members" b WHERE b."multilist_id" = m."id"
      AND b."username" = "items"."author" AND b."kind" = 'member')
    OR (
      EXISTS (SELECT 1 FROM "board_members" b WHERE b."multilist_id" = m."id"
        AND b."username" = "items"."author" AND b."kind" = 'author')
      AND NOT EXISTS (SELECT 1 FROM "board_members" b WHERE b."multilist_id" = m."id"
        AND b."username" = "items"."author" AND b."kind" = 'contributor')
    )
  );
