-- Search finds an item by its markers as well as by its text: a lecture by the title or
-- description of a marker at 3:20 in it, a reading by a marker on one of its sentences. The
-- search vector is no longer generated from the text alone: triggers keep it, from the text and
-- every media and text marker of the item, whenever either changes.
ALTER TABLE "items" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
-- PL/pgSQL, whose statements keep their plans for the session: a SQL function's query would be
-- planned again for every row written.
CREATE FUNCTION item_search_vector(item uuid, body text) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  marked text;
BEGIN
  SELECT string_agg(m.title || ' ' || m.description, ' ') INTO marked
  FROM (
    SELECT title, description FROM media_markers WHERE item_id = item
    UNION ALL
    SELECT title, description FROM text_markers WHERE item_id = item
  ) m;
  IF marked IS NULL THEN
    RETURN to_tsvector('listboard_search', coalesce(body, ''));
  END IF;
  RETURN to_tsvector('listboard_search', coalesce(body, ''))
    || to_tsvector('listboard_search', marked);
END
$$;--> statement-breakpoint
-- A new item has no markers yet (they name it): its text alone, with nothing to look up.
CREATE FUNCTION items_keep_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_vector := to_tsvector('listboard_search', coalesce(NEW.text, ''));
  ELSE
    NEW.search_vector := item_search_vector(NEW.id, NEW.text);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER items_keep_search_vector BEFORE INSERT OR UPDATE OF text ON items
  FOR EACH ROW EXECUTE FUNCTION items_keep_search_vector();--> statement-breakpoint
CREATE FUNCTION markers_keep_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null for an insert and NEW for a delete; a marker moved names both items.
  UPDATE items SET search_vector = item_search_vector(id, text)
    WHERE id = OLD.item_id OR id = NEW.item_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER media_markers_keep_search_vector
  AFTER INSERT OR DELETE OR UPDATE OF title, description, item_id ON media_markers
  FOR EACH ROW EXECUTE FUNCTION markers_keep_search_vector();--> statement-breakpoint
CREATE TRIGGER text_markers_keep_search_vector
  AFTER INSERT OR DELETE OR UPDATE OF title, description, item_id ON text_markers
  FOR EACH ROW EXECUTE FUNCTION markers_keep_search_vector();--> statement-breakpoint
UPDATE items SET search_vector = item_search_vector(id, text)
  WHERE id IN (SELECT item_id FROM media_markers UNION SELECT item_id FROM text_markers);
