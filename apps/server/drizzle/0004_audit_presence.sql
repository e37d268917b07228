CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"call" text NOT NULL,
	"multilist_id" uuid,
	"board" text,
	"item_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presence" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"connected" timestamp with time zone DEFAULT now() NOT NULL,
	"last_beat" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree (lower("username"),"at");--> statement-breakpoint
CREATE INDEX "presence_user_idx" ON "presence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "presence_beat_idx" ON "presence" USING btree ("last_beat");