-- Search finds Chinese and Japanese words inside the runs of characters that write them without
-- spaces ("大学" finds 東京大学で学ぶ), and Korean words inside the words their endings are
-- written onto ("문장" finds 문장을). The text parser takes such a run for one token, which no word
-- within it matches. Each run is now added to the item's vector, after the text's own words, as
-- its overlapping pairs of characters and its last character ("東京 京大 大学 … 学ぶ ぶ"), the
-- words between runs kept in their places; a search asks for a word of such characters as the
-- pairs it is made of, one after another (services/search/text.ts, the same characters).
CREATE FUNCTION cjk_spaced(body text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  parts text[] := regexp_split_to_array(body, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7a3]+');
  runs text[] := ARRAY(SELECT (regexp_matches(body, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7a3]+', 'g'))[1]);
  spaced text := parts[1];
BEGIN
  FOR i IN 1 .. coalesce(array_length(runs, 1), 0) LOOP
    -- Every pair, and the last character alone: substr past the end gives one character.
    spaced := spaced || ' ' || (
      SELECT string_agg(substr(runs[i], g, 2), ' ' ORDER BY g)
      FROM generate_series(1, char_length(runs[i])) g
    ) || ' ' || parts[i + 1];
  END LOOP;
  RETURN spaced;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION text_search_vector(body text) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  words tsvector := to_tsvector('listboard_search', coalesce(body, ''));
  named text;
BEGIN
  IF body ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7a3]' THEN
    words := words || to_tsvector('listboard_search', cjk_spaced(body));
  END IF;
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
-- Markers' titles and descriptions are read as an item's text is.
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
  RETURN text_search_vector(body) || text_search_vector(marked);
END
$$;--> statement-breakpoint
UPDATE items SET search_vector = item_search_vector(id, text)
  WHERE text ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7a3]'
    OR id IN (SELECT item_id FROM media_markers UNION SELECT item_id FROM text_markers);
