-- Search finds an item by the words of the files and addresses it names: "syllabus" finds an
-- uploaded Syllabus-2026.pdf, "diagram" a picture at /files/author/cell-diagram.png, "pdf" every
-- PDF. The text parser takes such a name for one token (a host, a file, a path), which no word
-- matches; its pieces are now added to the item's vector, after the text's own words.
CREATE FUNCTION text_search_vector(body text) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  words tsvector := to_tsvector('listboard_search', coalesce(body, ''));
  named text;
BEGIN
  -- A dot or slash between two letters or digits is the cheap sign of a name; most texts have none.
  IF coalesce(body, '') !~ '[[:alnum:]][./][[:alnum:]]' THEN
    RETURN words;
  END IF;
  SELECT string_agg(regexp_replace(p.token, '[^[:alnum:]]+', ' ', 'g'), ' ') INTO named
  FROM ts_parse('default', body) p
  JOIN ts_token_type('default') t ON t.tokid = p.tokid
  WHERE t.alias IN ('host', 'file', 'url_path');
  RETURN words || to_tsvector('listboard_search', coalesce(named, ''));
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_search_vector(item uuid, body text) RETURNS tsvector
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
    RETURN text_search_vector(body);
  END IF;
  RETURN text_search_vector(body) || to_tsvector('listboard_search', marked);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_keep_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_vector := text_search_vector(NEW.text);
  ELSE
    NEW.search_vector := item_search_vector(NEW.id, NEW.text);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE items SET search_vector = item_search_vector(id, text)
  WHERE text ~ '[[:alnum:]][./][[:alnum:]]';
