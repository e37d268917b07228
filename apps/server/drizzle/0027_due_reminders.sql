-- Reminders a day before a board's notes are due: asked for in Board settings, and the due date one went out for.
ALTER TABLE "multilists" ADD COLUMN "remind_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "multilists" ADD COLUMN "due_reminded" timestamp with time zone;
