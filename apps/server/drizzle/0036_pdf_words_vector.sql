ALTER TABLE "uploads" ADD COLUMN "words_vector" "tsvector";--> statement-breakpoint
-- A PDF's words are made a search vector once, as they are stored, not again at every edit of an
-- item that shows the PDF (a PDF's 100,000 characters cost an edit about 20 ms to read anew).
-- A later change to how text is read for search (text_search_vector) recomputes this column too.
CREATE FUNCTION uploads_words_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.words_vector := CASE WHEN NEW.words IS NULL THEN NULL ELSE text_search_vector(NEW.words) END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER uploads_insert_words_vector BEFORE INSERT ON uploads
  FOR EACH ROW EXECUTE FUNCTION uploads_words_vector();--> statement-breakpoint
CREATE TRIGGER uploads_update_words_vector BEFORE UPDATE OF words ON uploads
  FOR EACH ROW WHEN (OLD.words IS DISTINCT FROM NEW.words)
  EXECUTE FUNCTION uploads_words_vector();--> statement-breakpoint
UPDATE "uploads" SET "words_vector" = text_search_vector("words") WHERE "words" IS NOT NULL;--> statement-breakpoint
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
    SELECT u.words_vector FROM blocks b JOIN uploads u ON u.fullpath = b.shows
    WHERE b.item_id = item AND u.words_vector IS NOT NULL
    ORDER BY b.index
  LOOP
    words := search_vectors_apart(words, m.words_vector);
  END LOOP;
  RETURN words;
END
$$;
