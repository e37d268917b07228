CREATE TABLE "board_unlocks" (
	"session_id" text NOT NULL,
	"multilist_id" uuid NOT NULL,
	CONSTRAINT "board_unlocks_session_id_multilist_id_pk" PRIMARY KEY("session_id","multilist_id")
);
--> statement-breakpoint
ALTER TABLE "board_unlocks" ADD CONSTRAINT "board_unlocks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_unlocks" ADD CONSTRAINT "board_unlocks_multilist_id_multilists_id_fk" FOREIGN KEY ("multilist_id") REFERENCES "public"."multilists"("id") ON DELETE cascade ON UPDATE no action;