ALTER TABLE "uploads" ADD COLUMN "words" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "words_read" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The PDFs recorded before their words were kept: read in the background, a few at a time
-- (services/media/pdf-backfill.ts).
UPDATE "uploads" SET "words_read" = false
  WHERE "type" = 'application/pdf' OR lower("filename") LIKE '%.pdf';--> statement-breakpoint
-- An item is found by the words of the PDFs it shows: each PDF's words (uploads.words, read when
-- it was recorded) are a part of the item's vector of their own, after its text and markers, as
-- long as one of its blocks shows that file (blocks.shows: never a file its block's writer could
-- not read). Kept by the database as blocks come, go or change the file they show, and as a
-- file's words are read again (the same path uploaded anew).
CREATE OR REPLACE FUNCTION item_search_vector(item uuid, body text) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  words tsvector := text_search_vector(body);
  m record;
BEGIN
  FOR m IN
    SELECT title, description FROM media_markers WHERE item_id = item
    UNION ALL
    SELECT title, description FROM text_markers WHERE item_id = item
  LOOP
    words := search_vectors_apart(words, text_search_vector(m.title));
    IF m.description <> '' THEN
      words := search_vectors_apart(words, text_search_vector(m.description));
    END IF;
  END LOOP;
  FOR m IN
    SELECT u.words FROM blocks b JOIN uploads u ON u.fullpath = b.shows
    WHERE b.item_id = item AND u.words IS NOT NULL
    ORDER BY b.index
  LOOP
    words := search_vectors_apart(words, text_search_vector(m.words));
  END LOOP;
  RETURN words;
END
$$;--> statement-breakpoint
CREATE FUNCTION blocks_keep_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null for an insert and NEW for a delete; only a file with words changes the vector.
  IF EXISTS (SELECT 1 FROM uploads WHERE words IS NOT NULL
             AND (fullpath = OLD.shows OR fullpath = NEW.shows)) THEN
    UPDATE items SET search_vector = item_search_vector(id, text)
      WHERE id = OLD.item_id OR id = NEW.item_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER blocks_insert_keep_search_vector AFTER INSERT ON blocks
  FOR EACH ROW WHEN (NEW.shows IS NOT NULL)
  EXECUTE FUNCTION blocks_keep_search_vector();--> statement-breakpoint
CREATE TRIGGER blocks_delete_keep_search_vector AFTER DELETE ON blocks
  FOR EACH ROW WHEN (OLD.shows IS NOT NULL)
  EXECUTE FUNCTION blocks_keep_search_vector();--> statement-breakpoint
CREATE TRIGGER blocks_update_keep_search_vector AFTER UPDATE OF shows, item_id ON blocks
  FOR EACH ROW WHEN (OLD.shows IS DISTINCT FROM NEW.shows OR OLD.item_id IS DISTINCT FROM NEW.item_id)
  EXECUTE FUNCTION blocks_keep_search_vector();--> statement-breakpoint
CREATE FUNCTION uploads_keep_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET search_vector = item_search_vector(id, text)
    WHERE id IN (SELECT item_id FROM blocks WHERE shows = NEW.fullpath OR shows = OLD.fullpath);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER uploads_insert_keep_search_vector AFTER INSERT ON uploads
  FOR EACH ROW WHEN (NEW.words IS NOT NULL)
  EXECUTE FUNCTION uploads_keep_search_vector();--> statement-breakpoint
CREATE TRIGGER uploads_keep_search_vector AFTER UPDATE OF words ON uploads
  FOR EACH ROW WHEN (OLD.words IS DISTINCT FROM NEW.words)
  EXECUTE FUNCTION uploads_keep_search_vector();--> statement-breakpoint
CREATE TRIGGER uploads_delete_keep_search_vector AFTER DELETE ON uploads
  FOR EACH ROW WHEN (OLD.words IS NOT NULL)
  EXECUTE FUNCTION uploads_keep_search_vector();
