-- The addresses boards were renamed away from: an old link leads to the board until another
-- board takes its address (services/boards/moves.ts).
CREATE TABLE "board_moves" (
	"owner" text NOT NULL,
	"ptitle" text NOT NULL,
	"multilist_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_moves_owner_ptitle_pk" PRIMARY KEY("owner","ptitle")
);
--> statement-breakpoint
ALTER TABLE "board_moves" ADD CONSTRAINT "board_moves_multilist_id_multilists_id_fk" FOREIGN KEY ("multilist_id") REFERENCES "public"."multilists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_moves_multilist_idx" ON "board_moves" USING btree ("multilist_id");