CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"used" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"url" text,
	"fullpathnq" text,
	"suffix" text,
	"range" jsonb,
	"caption" text,
	"alt_text" text,
	"title_text" text,
	"poster_url" text,
	"poster_path" text,
	"is_upload" boolean DEFAULT false NOT NULL,
	"auto_seek" boolean DEFAULT false NOT NULL,
	"board_refs" text[],
	"js_media" jsonb,
	"highlight_language" text
);
--> statement-breakpoint
CREATE TABLE "board_members" (
	"multilist_id" uuid NOT NULL,
	"username" text NOT NULL,
	"kind" text NOT NULL,
	"privileges" text[] DEFAULT '{}'::text[] NOT NULL,
	"contributor_only" boolean DEFAULT false NOT NULL,
	CONSTRAINT "board_members_multilist_id_username_kind_pk" PRIMARY KEY("multilist_id","username","kind")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"owner" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"multilist_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"owner" text NOT NULL,
	"author" text NOT NULL,
	"hint" text,
	"text" text DEFAULT '' NOT NULL,
	"startdate" text,
	"stopdate" text,
	"startstamp" bigint,
	"stopstamp" bigint,
	"import_url" text,
	"highlight" jsonb,
	"toc" boolean DEFAULT false NOT NULL,
	"annotation_class" text DEFAULT 'none' NOT NULL,
	"anno_type" text,
	"anno_label" text,
	"reply_level" integer DEFAULT 0 NOT NULL,
	"parent_id" uuid,
	"root_item_id" uuid,
	"note_status" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"group_name" text,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"format" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(text, ''))) STORED,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"multilist_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"author" text NOT NULL,
	"reverse" boolean DEFAULT false NOT NULL,
	"tour_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_markers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"timecode" text NOT NULL,
	"time" double precision NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multilists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" text NOT NULL,
	"title" text NOT NULL,
	"ptitle" text NOT NULL,
	"alt_title" text,
	"description" text DEFAULT '' NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"hash" text,
	"search" jsonb,
	"query_args" jsonb,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"label_colors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"colors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reader_colors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_table" boolean DEFAULT false NOT NULL,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"linked_boards" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_markers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cursor_index" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folderpath" text NOT NULL,
	"filepath" text NOT NULL,
	"filename" text NOT NULL,
	"username" text NOT NULL,
	"fullpath" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"url" text NOT NULL,
	"upload_app" text DEFAULT 'listboard' NOT NULL,
	"location" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"fullname" text DEFAULT '' NOT NULL,
	"uploads_folder" text,
	"circle" text,
	"fixture" boolean DEFAULT false NOT NULL,
	"nodashboard" boolean DEFAULT false NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_states" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "view_states_user_id_kind_target_id_pk" PRIMARY KEY("user_id","kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_multilist_id_multilists_id_fk" FOREIGN KEY ("multilist_id") REFERENCES "public"."multilists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_multilist_id_multilists_id_fk" FOREIGN KEY ("multilist_id") REFERENCES "public"."multilists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_multilist_id_multilists_id_fk" FOREIGN KEY ("multilist_id") REFERENCES "public"."multilists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_markers" ADD CONSTRAINT "media_markers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_markers" ADD CONSTRAINT "text_markers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_states" ADD CONSTRAINT "view_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "blocks_item_order_idx" ON "blocks" USING btree ("item_id","index");--> statement-breakpoint
CREATE INDEX "board_members_username_idx" ON "board_members" USING btree ("username");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_key" ON "groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "items_list_order_idx" ON "items" USING btree ("list_id","index");--> statement-breakpoint
CREATE INDEX "items_multilist_idx" ON "items" USING btree ("multilist_id");--> statement-breakpoint
CREATE INDEX "items_root_idx" ON "items" USING btree ("root_item_id");--> statement-breakpoint
CREATE INDEX "items_class_status_idx" ON "items" USING btree ("annotation_class","note_status");--> statement-breakpoint
CREATE INDEX "items_author_idx" ON "items" USING btree ("author");--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "items_text_trgm_idx" ON "items" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lists_multilist_order_idx" ON "lists" USING btree ("multilist_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "media_markers_item_time_key" ON "media_markers" USING btree ("item_id","timecode");--> statement-breakpoint
CREATE UNIQUE INDEX "multilists_owner_ptitle_key" ON "multilists" USING btree ("owner","ptitle");--> statement-breakpoint
CREATE INDEX "multilists_title_trgm_idx" ON "multilists" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires");--> statement-breakpoint
CREATE UNIQUE INDEX "text_markers_item_kind_cursor_key" ON "text_markers" USING btree ("item_id","kind","cursor_index");--> statement-breakpoint
CREATE INDEX "uploads_username_idx" ON "uploads" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_fullpath_key" ON "uploads" USING btree ("fullpath");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));