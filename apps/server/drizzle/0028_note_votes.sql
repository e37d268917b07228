-- Readers mark others' notes and replies helpful: one row per reader and note, and the count kept on the item.
CREATE TABLE "note_votes" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_votes_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "note_votes" ADD CONSTRAINT "note_votes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_votes" ADD CONSTRAINT "note_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_votes_user_idx" ON "note_votes" USING btree ("user_id");--> statement-breakpoint
-- The count follows the marks, whatever takes a mark away: a reader taking it back, their account
-- removed (the cascade), a mark put back from the Trash.
CREATE FUNCTION note_votes_keep_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE items SET votes = votes + 1 WHERE id = NEW.item_id;
    RETURN NEW;
  END IF;
  UPDATE items SET votes = greatest(votes - 1, 0) WHERE id = OLD.item_id;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER note_votes_keep_count AFTER INSERT OR DELETE ON note_votes
  FOR EACH ROW EXECUTE FUNCTION note_votes_keep_count();
