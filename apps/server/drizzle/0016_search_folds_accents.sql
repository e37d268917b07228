-- Search finds words whatever their accents: "Dvorak" finds "Dvořák", "facade" finds "façade",
-- and the other way round. The simple configuration, with each word unaccented before it is
-- lowercased; the search vector and both indexes over it are made again under it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "listboard_search" (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "listboard_search"
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH unaccent, simple;--> statement-breakpoint
DROP INDEX IF EXISTS "items_week_terms_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_search_idx";--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('listboard_search', coalesce(text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "items_week_terms_idx" ON "items" USING gin (items_week_terms("search_vector", "created"));
