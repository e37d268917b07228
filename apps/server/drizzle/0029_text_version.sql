-- The version at which an item's words, or a list's title or description, last changed: an edit
-- made against an earlier version is refused only when those words changed since. Not known for
-- the rows before: taken as their version.
ALTER TABLE "items" ADD COLUMN "text_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "text_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "items" SET "text_version" = "version";--> statement-breakpoint
UPDATE "lists" SET "text_version" = "version";
