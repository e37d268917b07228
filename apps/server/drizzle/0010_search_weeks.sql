-- Each word of an item's text paired with the week it was written in (weeks counted from
-- 1970-01-01 UTC): "2870 word". A search asks for a common word's matches a week at a time.
CREATE FUNCTION "items_week_terms"(words tsvector, written timestamptz) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT array_to_tsvector(array(
      SELECT floor(extract(epoch FROM (written AT TIME ZONE 'UTC')) / 604800)::bigint::text || ' ' || word
      FROM unnest(tsvector_to_array(words)) AS word))
  $$;--> statement-breakpoint
CREATE INDEX "items_week_terms_idx" ON "items" USING gin (items_week_terms("search_vector", "created"));
