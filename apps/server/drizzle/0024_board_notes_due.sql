-- When readers' notes on a board are due, set by its authors in Board settings (null: none).
ALTER TABLE "multilists" ADD COLUMN "notes_due" timestamp with time zone;