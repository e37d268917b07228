CREATE TABLE "item_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"text" text NOT NULL,
	"version" integer NOT NULL,
	"edited_by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trash" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"multilist_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"deleted_by" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parent_id" uuid,
	"index" integer DEFAULT 0 NOT NULL,
	"seen" jsonb,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_versions" ADD CONSTRAINT "item_versions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_versions_item_at_idx" ON "item_versions" USING btree ("item_id","at");--> statement-breakpoint
CREATE INDEX "trash_board_idx" ON "trash" USING btree ("multilist_id","deleted_at");--> statement-breakpoint
CREATE INDEX "trash_owner_idx" ON "trash" USING btree ("owner","kind");