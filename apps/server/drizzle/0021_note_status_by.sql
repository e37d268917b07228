-- Who answered or dismissed a reader note: a board may have several who answer (its owner, its
-- coauthors, its editors), and the note says which of them did. Notes set before this are
-- nobody's, as a pending one is.
ALTER TABLE "items" ADD COLUMN "status_by" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "status_by_name" text;