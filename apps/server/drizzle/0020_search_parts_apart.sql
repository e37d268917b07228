-- A phrase is found within one part of an item's words, never across two. An item's vector is
-- its text's words, then the pieces of the file names and addresses it holds, the pairs of its
-- Chinese, Japanese and Korean characters, and each marker's title and description; `||` puts
-- each part's first word right after the last one's, so "dog vulpine" found a text ending in
-- "dog" whose marker is titled "Vulpine habits". Each part now starts one place further on: a
-- word that no text can hold (a space) is put between, then taken out, its place left empty.
CREATE FUNCTION search_vectors_apart(head tsvector, tail tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ts_delete(head || ''' '':1'::tsvector || tail, ' ')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION text_search_vector(body text) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  words tsvector := to_tsvector('listboard_search', coalesce(body, ''));
  named text;
BEGIN
  IF body ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7a3]' THEN
    words := search_vectors_apart(words, to_tsvector('listboard_search', cjk_spaced(body)));
  END IF;
  -- A dot or slash between two letters or digits is the cheap sign of a name; most texts have none.
  IF coalesce(body, '') !~ '[[:alnum:]][./][[:alnum:]]' THEN
    RETURN words;
  END IF;
  SELECT string_agg(regexp_replace(p.token, '[^[:alnum:]]+', ' ', 'g'), ' ') INTO named
  FROM ts_parse('default', body) p
  JOIN ts_token_type('default') t ON t.tokid = p.tokid
  WHERE t.alias IN ('host', 'file', 'url_path');
  RETURN search_vectors_apart(words, to_tsvector('listboard_search', coalesce(named, '')));
END
$$;--> statement-breakpoint
-- Each marker's title and its description are parts of their own.
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
  RETURN words;
END
$$;--> statement-breakpoint
UPDATE items SET search_vector = item_search_vector(id, text)
  WHERE text ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7a3]'
    OR text ~ '[[:alnum:]][./][[:alnum:]]'
    OR id IN (SELECT item_id FROM media_markers UNION SELECT item_id FROM text_markers);
