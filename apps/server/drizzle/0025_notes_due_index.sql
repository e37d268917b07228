-- The boards with a due date, for each reader's list of what is due (services/boards/due.ts).
CREATE INDEX "multilists_notes_due_idx" ON "multilists" USING btree ("notes_due") WHERE "multilists"."notes_due" is not null;
